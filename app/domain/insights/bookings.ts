/** Payment types (F full amount, D deposit amount, R refundable), as a booking's payments name them. */
export const PAYMENT_TYPES = ["F", "D", "R"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_TYPE_NAMES: Record<PaymentType, string> = {
  F: "Full amount",
  D: "Deposit amount",
  R: "Refundable",
};
