import type { LoaderFunctionArgs } from "@remix-run/node";
import { shipImage } from "~/server/clients/catalogue.server";
import { imageAction, publicSvg } from "~/server/infra/public-svg.server";

/** /ship-images/:ship: a ship's picture, the catalogue's generated art. GET and HEAD only. */
export const loader = ({ params }: LoaderFunctionArgs) => publicSvg(params.ship ?? "", /^[A-Z]{2}$/, shipImage, "ship");

export const action = imageAction;
