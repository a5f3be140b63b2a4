import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { OfferTable } from "~/components/catalogue/offer-list";
import { Field, SelectField } from "~/components/forms";
import { Pagination, ResultCount, Notices } from "~/components/lists";
import { BRANDS, brandName } from "~/domain/catalogue/codes";
import { wholeNumber } from "~/domain/money";
import { EXPIRED_RANGE } from "~/domain/catalogue/offers";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { archivedOffersPage } from "~/server/promotions/offers.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

const HEADING = screenHeading("/promotion/archived-offers") ?? "Archived offers";

/**
 * /promotion/archived-offers?expiredRange=30&brand=: offers whose booking window closed within the
 * chosen number of days (30 by default; 1 to 365), the latest first, each with the day it
 * expired, so an agent can answer "was there an offer when my client booked?".
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => archivedOffersPage(agent, new URL(request.url).searchParams));
}

export default function ArchivedOffers() {
  const { expiredRange, rangeError, typedRange, brand, notices, found } = useLoaderData<typeof loader>();
  const href = (page: number) =>
    `/promotion/archived-offers?${new URLSearchParams({ expiredRange: String(expiredRange), ...(brand ? { brand } : {}), page: String(page) })}`;
  return (
    <section aria-labelledby="screen-heading" className="catalogue">
      <h1 id="screen-heading">{HEADING}</h1>
      <Form method="get" className="search-form search-form--inline" aria-label="Archived offers">
        <div className="search-form__grid">
          <Field
            label="Expired in the last (days)"
            hint={`From ${EXPIRED_RANGE.min} to ${EXPIRED_RANGE.max} days.`}
            errors={rangeError ? [rangeError] : null}
            inputProps={{
              name: "expiredRange",
              id: "expiredRange",
              type: "number",
              min: EXPIRED_RANGE.min,
              max: EXPIRED_RANGE.max,
              defaultValue: typedRange ?? String(expiredRange),
            }}
          />
          <SelectField
            label="Cruise line"
            placeholder="All cruise lines"
            options={BRANDS.map((b) => ({ value: b.code, label: b.name }))}
            selectProps={{ name: "brand", id: "brand", defaultValue: brand ?? "" }}
          />
        </div>
        <div className="actions">
          <button type="submit" className="button button--primary">
            Show archived offers
          </button>
        </div>
      </Form>
      <Notices notices={notices} />
      <ResultCount>
        {found.total === 0
          ? `No offers expired in the last ${expiredRange} ${expiredRange === 1 ? "day" : "days"}.`
          : `${wholeNumber(found.total)} ${found.total === 1 ? "offer" : "offers"}${brand ? ` from ${brandName(brand)}` : ""} expired in the last ${expiredRange} ${expiredRange === 1 ? "day" : "days"}` +
            (found.pageCount > 1 ? `; page ${found.page} of ${found.pageCount}.` : ".")}
      </ResultCount>
      {found.total > 0 ? (
        <OfferTable
          offers={found.items}
          caption="Archived offers, the latest to expire first"
          captionId="archived-caption"
          archived
        />
      ) : (
        <p>Widen the number of days to see offers that closed earlier.</p>
      )}
      <Pagination page={found.page} pageCount={found.pageCount} href={href} />
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
