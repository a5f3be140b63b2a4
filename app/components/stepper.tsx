import { useEffect, useRef } from "react";
import { stepState } from "~/domain/registration";
import type { Translate } from "~/domain/translate";
import { StepperText } from "./stepper-text";

/**
 * The stepper: the steps before the active one completed, the active one current
 * (aria-current="step"), the rest inactive; the page scrolls to the top when the step changes.
 * Its container is at most 525 wide (CSS).
 */
export function Stepper({ steps, activeIndex, t }: { steps: readonly string[]; activeIndex: number; t: Translate }) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
  }, [activeIndex]);
  const stateLabel = { completed: t("stepCompleted"), current: t("stepCurrent"), inactive: t("stepUpcoming") };
  return (
    <nav className="stepper" aria-label={t("stepCounter", Math.min(activeIndex + 1, steps.length), steps.length)}>
      <p className="stepper__counter">
        <StepperText text={t("stepCounter")} values={[Math.min(activeIndex + 1, steps.length), steps.length]} />
      </p>
      <ol className="stepper__steps">
        {steps.map((key, index) => {
          const state = stepState(index, activeIndex);
          return (
            <li
              key={key}
              className={`stepper__step stepper__step--${state}`}
              aria-current={state === "current" ? "step" : undefined}
            >
              <span className="stepper__marker" aria-hidden="true">
                {state === "completed" ? "✓" : index + 1}
              </span>
              <span className="stepper__label">{t(key)}</span>
              <span className="visually-hidden"> ({stateLabel[state]})</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
