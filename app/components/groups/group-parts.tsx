import { wholeNumber } from "~/domain/money";
import { PAYMENT_FLAGS, SPACE_TERMS, type GroupSpace, type PaymentFlag } from "~/domain/groups";

/** A group's final payment flag: words and colour together (styles/groups.css). */
export function PaymentFlagTag({ flag }: { flag: PaymentFlag | null }) {
  if (!flag) return null;
  return <strong className={PAYMENT_FLAGS[flag].className}>{PAYMENT_FLAGS[flag].text}</strong>;
}

/**
 * What the space counts mean, as a definition list: with `space`, each count in words ("13 staterooms
 * held: kept for the group…"); without it, the terms alone (the hub's key above its table).
 */
export function SpaceTerms({ space, id }: { space?: GroupSpace; id?: string }) {
  return (
    <dl className="space-terms" id={id}>
      {SPACE_TERMS.map((term) => (
        <div key={term.key}>
          <dt>{space ? `${wholeNumber(space[term.key])} ${term.label.toLowerCase()}` : term.label}</dt>
          <dd>{term.means}</dd>
        </div>
      ))}
    </dl>
  );
}
