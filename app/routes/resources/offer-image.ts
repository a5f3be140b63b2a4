import type { LoaderFunctionArgs } from "@remix-run/node";
import { offerImage } from "~/server/clients/promotions.server";
import { imageAction, publicSvg } from "~/server/infra/public-svg.server";

/** /offer-images/:offer: an offer's picture, the promotions service's generated art. GET and HEAD only. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  publicSvg(params.offer ?? "", /^[A-Za-z0-9-]{1,40}$/, offerImage, "offer");

export const action = imageAction;
