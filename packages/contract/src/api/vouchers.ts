import { z } from 'zod';
import { Timestamp } from '../domain/entities.js';

export const VoucherCodeParams = z.object({
  code: z.string().trim().min(1, 'ac_FieldInvalidMessage').max(64, 'ac_FieldInvalidMessage'),
});
export const VoucherClaimResult = z.object({ code: z.string(), claimDate: Timestamp });
