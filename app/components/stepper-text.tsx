import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { parseStepperText, type StepperTextOptions } from "~/domain/stepper-text";

/** Renders stepper text (`*bold*`, `~italic~`, `[link]`, `{}`): markup from the parser, never HTML. */
export function StepperText({ text, ...options }: { text: string } & StepperTextOptions) {
  return (
    <>
      {parseStepperText(text, options).map((segment, i) => {
        switch (segment.kind) {
          case "bold":
            return <strong key={i}>{segment.text}</strong>;
          case "italic":
            return <em key={i}>{segment.text}</em>;
          case "link":
            return segment.href.startsWith("/") ? (
              <Link key={i} to={segment.href}>
                {segment.text}
              </Link>
            ) : (
              <a key={i} href={segment.href}>
                {segment.text}
              </a>
            );
          default:
            return <Fragment key={i}>{segment.text}</Fragment>;
        }
      })}
    </>
  );
}
