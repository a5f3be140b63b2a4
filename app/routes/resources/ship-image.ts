import type { LoaderFunctionArgs } from "@remix-run/node";
import { shipImageResponse } from "~/server/catalogue/fleet.server";
import { imageAction } from "~/server/infra/public-svg.server";

/** /ship-images/:ship: a ship's picture, the catalogue's generated art. GET and HEAD only. */
export const loader = ({ params }: LoaderFunctionArgs) => shipImageResponse(params.ship ?? "");

export const action = imageAction;
