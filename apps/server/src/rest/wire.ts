/**
 * The documented responses' vocabulary, in zod like the inputs: each route's response schema is built
 * from these, shapes the body it sends, is its reference in /rest/openapi.json and is what the contract
 * tests parse live responses with.
 */
import { z } from 'zod';

/** Rupees as text with 2 decimals ("125000.00"), as the old clients read amounts. */
export const ZRupees = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('rupees with 2 decimals');

export const ZIsoDate = z.iso.date().describe('yyyy-MM-dd');

/** The documented Result/Message pair of the old write paths. */
export const ZResultMessage = z.object({ Result: z.string(), Message: z.string() });

/** Every refusal's body: the first message, and for invalid input the messages per documented field. */
export const ZRestErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
