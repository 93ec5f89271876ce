/**
 * Voucher campaigns, the shoppers' vouchers and the pool of codes. Emma's vouchers cover every
 * voucher state of spec §4: unclaimed, claimed, expired (claimed and not), used once on a limited
 * campaign ('Yes'), used several times on an unlimited one (the count), redeemed but not counted
 * ('Yes') and never used ('No'). Claimed vouchers carry the code they were handed from the pool;
 * campaigns with unclaimed vouchers keep free codes to hand out. The claim codes TRAIL2026 and
 * PINE5 add a voucher of their campaign when a shopper enters them (see the README's demo section).
 */
import type { PersonaName } from '../../demo/personas.js';
import { type Clock, fromCents, type Random, type SeedDb } from './seed-kit.js';

interface CampaignSeed {
  key: string;
  name: string;
  claimCode: string | null;
  discountPercentage: number;
  discountAmountCents: number;
  limited: boolean;
  /** Days from now; negative is in the past, null never expires. */
  expiresInDays: number | null;
  createdDaysAgo: number;
  /** Free codes left in the pool. */
  freeCodes: number;
}

const CAMPAIGNS: CampaignSeed[] = [
  {
    key: 'welcome',
    name: 'Welcome to Fjord & Pine: 10% off',
    claimCode: null,
    discountPercentage: 10,
    discountAmountCents: 0,
    limited: true,
    expiresInDays: null,
    createdDaysAgo: 1200,
    freeCodes: 6,
  },
  {
    key: 'trailClub',
    name: 'Trail club: 20% off all season',
    // Shoppers can add a voucher of this campaign by entering the code.
    claimCode: 'TRAIL2026',
    discountPercentage: 20,
    discountAmountCents: 0,
    limited: false,
    expiresInDays: 120,
    createdDaysAgo: 90,
    freeCodes: 10,
  },
  {
    key: 'springSale',
    name: 'Spring sale: €15 off',
    claimCode: null,
    discountPercentage: 0,
    discountAmountCents: 1500,
    limited: true,
    expiresInDays: -200,
    createdDaysAgo: 290,
    freeCodes: 2,
  },
  {
    key: 'freeShipping',
    name: 'Free shipping weekend',
    // Neither a percentage nor an amount: the value reads 'N/A'.
    claimCode: null,
    discountPercentage: 0,
    discountAmountCents: 0,
    limited: true,
    expiresInDays: 30,
    createdDaysAgo: 45,
    freeCodes: 5,
  },
  {
    key: 'birthday',
    name: 'Birthday gift: €10 off',
    claimCode: null,
    discountPercentage: 0,
    discountAmountCents: 1000,
    limited: true,
    expiresInDays: 60,
    createdDaysAgo: 400,
    freeCodes: 3,
  },
  {
    key: 'newsletter',
    name: 'Newsletter reader: €5 off',
    // Nobody holds one yet, so every demo shopper (Emma too) can add it by entering the code.
    claimCode: 'PINE5',
    discountPercentage: 0,
    discountAmountCents: 500,
    limited: true,
    expiresInDays: 90,
    createdDaysAgo: 10,
    freeCodes: 25,
  },
];

type CampaignKey = (typeof CAMPAIGNS)[number]['key'];

interface VoucherSeed {
  campaign: CampaignKey;
  /** Days ago it was claimed; null: not claimed (no code yet). */
  claimedDaysAgo: number | null;
  used: number;
  redeemedDaysAgo: number | null;
  /** The voucher's own expiry, which overrides the campaign's; days from now. */
  expiresInDays?: number;
  createdDaysAgo: number;
}

const VOUCHERS: Partial<Record<PersonaName, VoucherSeed[]>> = {
  emma: [
    // Used once on a limited campaign: 'Yes'; the campaign never expires.
    { campaign: 'welcome', claimedDaysAgo: 1065, used: 1, redeemedDaysAgo: 450, createdDaysAgo: 1068 },
    // Used three times on an unlimited campaign: '3'.
    { campaign: 'trailClub', claimedDaysAgo: 80, used: 3, redeemedDaysAgo: 12, createdDaysAgo: 85 },
    // Unclaimed and not expired: can be claimed.
    { campaign: 'trailClub', claimedDaysAgo: null, used: 0, redeemedDaysAgo: null, createdDaysAgo: 20 },
    // Expired, once claimed and once not.
    { campaign: 'springSale', claimedDaysAgo: 250, used: 0, redeemedDaysAgo: null, createdDaysAgo: 280 },
    { campaign: 'springSale', claimedDaysAgo: null, used: 0, redeemedDaysAgo: null, createdDaysAgo: 280 },
    // Two unclaimed, and one claimed with a redeem date but no use counted: 'Yes'.
    { campaign: 'freeShipping', claimedDaysAgo: null, used: 0, redeemedDaysAgo: null, createdDaysAgo: 40 },
    { campaign: 'freeShipping', claimedDaysAgo: null, used: 0, redeemedDaysAgo: null, createdDaysAgo: 40 },
    { campaign: 'freeShipping', claimedDaysAgo: 38, used: 0, redeemedDaysAgo: 36, createdDaysAgo: 40 },
    // Claimed, never used: 'No'.
    { campaign: 'birthday', claimedDaysAgo: 14, used: 0, redeemedDaysAgo: null, createdDaysAgo: 16 },
    // Last year's birthday voucher: its own expiry has passed although the campaign runs on.
    {
      campaign: 'birthday',
      claimedDaysAgo: 370,
      used: 0,
      redeemedDaysAgo: null,
      expiresInDays: -16,
      createdDaysAgo: 381,
    },
  ],
  sofia: [
    { campaign: 'welcome', claimedDaysAgo: null, used: 0, redeemedDaysAgo: null, createdDaysAgo: 300 },
    { campaign: 'freeShipping', claimedDaysAgo: 30, used: 0, redeemedDaysAgo: null, createdDaysAgo: 40 },
  ],
  lukas: [{ campaign: 'welcome', claimedDaysAgo: 690, used: 1, redeemedDaysAgo: 320, createdDaysAgo: 700 }],
};

/** A code like FP-8K2M-Q7XD, without look-alike characters. */
function voucherCode(random: Random, taken: Set<string>): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    const part = () => Array.from({ length: 4 }, () => random.pick([...alphabet])).join('');
    const code = `FP-${part()}-${part()}`;
    if (!taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
}

export async function seedVouchers(
  db: SeedDb,
  shopperIds: Record<PersonaName, number>,
  time: Clock,
  random: Random,
): Promise<void> {
  await db
    .insertInto('voucherCampaigns')
    .values(
      CAMPAIGNS.map((c) => ({
        name: c.name,
        claimCode: c.claimCode,
        discountPercentage: c.discountPercentage,
        discountAmountE4: fromCents(c.discountAmountCents),
        currency: 'EUR',
        limited: c.limited ? 1 : 0,
        expireDate: c.expiresInDays === null ? null : time.daysAhead(c.expiresInDays),
        createdAt: time.daysAgo(c.createdDaysAgo),
      })),
    )
    .execute();
  const campaignRows = await db.selectFrom('voucherCampaigns').select(['id', 'name']).execute();
  const campaignId = (key: CampaignKey) => {
    const id = campaignRows.find((row) => row.name === CAMPAIGNS.find((c) => c.key === key)?.name)?.id;
    if (id === undefined) throw new Error(`demo voucher campaign ${key} was not stored`);
    return id;
  };

  const taken = new Set<string>();
  const vouchers = Object.entries(VOUCHERS).flatMap(([persona, seeds]) =>
    (seeds ?? []).map((v) => ({
      campaignId: campaignId(v.campaign),
      shopperId: shopperIds[persona as PersonaName],
      code: v.claimedDaysAgo === null ? null : voucherCode(random, taken),
      used: v.used,
      redeemDate: v.redeemedDaysAgo === null ? null : time.daysAgo(v.redeemedDaysAgo),
      claimDate: v.claimedDaysAgo === null ? null : time.daysAgo(v.claimedDaysAgo),
      expireDate: v.expiresInDays === undefined ? null : time.daysAhead(v.expiresInDays),
      createdAt: time.daysAgo(v.createdDaysAgo),
    })),
  );
  await db.insertInto('vouchers').values(vouchers).execute();

  // The codes already handed out point at their vouchers; the rest of each pool is free.
  const handedOut = await db
    .selectFrom('vouchers')
    .select(['id', 'campaignId', 'code'])
    .where('code', 'is not', null)
    .execute();
  const codes = [
    ...handedOut.map((v) => ({ campaignId: v.campaignId, code: v.code!, voucherId: v.id })),
    ...CAMPAIGNS.flatMap((c) =>
      Array.from({ length: c.freeCodes }, () => ({
        campaignId: campaignId(c.key),
        code: voucherCode(random, taken),
        voucherId: null,
      })),
    ),
  ];
  await db.insertInto('voucherCodes').values(codes).execute();
}
