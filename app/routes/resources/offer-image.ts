import type { LoaderFunctionArgs } from "@remix-run/node";
import { imageAction } from "~/server/infra/public-svg.server";
import { offerImageResponse } from "~/server/promotions/offers.server";

/** /offer-images/:offer: an offer's picture, the promotions service's generated art. GET and HEAD only. */
export const loader = ({ params }: LoaderFunctionArgs) => offerImageResponse(params.offer ?? "");

export const action = imageAction;
