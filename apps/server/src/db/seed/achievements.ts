/**
 * The shop's achievements (shared definitions) and the shoppers' progress. Every scale type of
 * spec §3 appears: 0 and 1 (progress/total), 2 (percentage) and 3 (money: currency sign plus
 * total, in whole units of the currency). Emma has claimed, claimable, in-progress and untouched
 * ones; Sofia a few; Noah and Lotte none.
 */
import { ORDER_STATUS_FINISHED } from '@account/contract';
import type { PersonaName } from '../../demo/personas.js';
import { DEMO_ASSETS } from '../../demo/shop.js';
import { type Clock, fromCents, type SeedDb } from './seed-kit.js';

const icon = (name: string) => `${DEMO_ASSETS}/icons/${name}.svg`;

interface AchievementSeed {
  key: string;
  name: string;
  detail: string | null;
  description: string;
  reward: string | null;
  icon: string | null;
  scaleType: 0 | 1 | 2 | 3;
  totalProgress: number;
  currency: string | null;
}

const ACHIEVEMENTS: AchievementSeed[] = [
  {
    key: 'firstSteps',
    name: 'First steps',
    detail: 'Your first order',
    description: 'Place your first order in our shop.',
    reward: '50 loyalty points',
    icon: icon('box'),
    scaleType: 0,
    totalProgress: 1,
    currency: null,
  },
  {
    key: 'profilePro',
    name: 'Profile pro',
    detail: null,
    description: 'Complete every step of your profile.',
    reward: 'Free shipping on your next order',
    icon: icon('compass'),
    scaleType: 2,
    totalProgress: 100,
    currency: null,
  },
  {
    key: 'trailRegular',
    name: 'Trail regular',
    detail: '10 orders',
    description: 'Place ten orders.',
    reward: '€5 voucher',
    icon: icon('star'),
    scaleType: 1,
    totalProgress: 10,
    currency: null,
  },
  {
    key: 'bigSpender',
    name: 'Well equipped',
    detail: '€1,000 spent',
    description: 'Spend €1,000 on gear in total.',
    reward: '€10 voucher',
    icon: icon('coin'),
    scaleType: 3,
    totalProgress: 1000,
    currency: 'EUR',
  },
  {
    key: 'wishfulThinker',
    name: 'Wishful thinker',
    detail: null,
    description: 'Add five products to your wishlist.',
    reward: '25 loyalty points',
    icon: icon('heart'),
    scaleType: 1,
    totalProgress: 5,
    currency: null,
  },
  {
    key: 'allRounder',
    name: 'All-rounder',
    detail: 'Six categories',
    description: 'Buy something from six different categories.',
    reward: 'A Fjord & Pine enamel mug',
    icon: icon('mountain'),
    scaleType: 1,
    totalProgress: 6,
    currency: null,
  },
  {
    key: 'giftGiver',
    name: 'Gift giver',
    detail: null,
    description: 'Send three gift cards to friends or family.',
    reward: '100 loyalty points',
    icon: icon('gift'),
    scaleType: 1,
    totalProgress: 3,
    currency: null,
  },
  {
    key: 'greenMiles',
    name: 'Green miles',
    detail: null,
    description: 'Choose climate-neutral delivery three times.',
    // No reward: the claim shows '-'.
    reward: null,
    icon: icon('leaf'),
    scaleType: 1,
    totalProgress: 3,
    currency: null,
  },
  {
    key: 'gearCollector',
    name: 'Gear collector',
    detail: '€5,000 spent',
    description: 'Spend €5,000 on gear in total.',
    reward: '€50 voucher',
    icon: icon('trophy'),
    scaleType: 3,
    totalProgress: 5000,
    currency: 'EUR',
  },
  {
    key: 'trailReady',
    name: 'Trail ready',
    detail: null,
    description: 'Tick off every item of your hiking checklist.',
    reward: 'A printed trail map of your choice',
    icon: icon('ruler'),
    scaleType: 2,
    totalProgress: 100,
    currency: null,
  },
  {
    key: 'reviewer',
    name: 'Honest reviewer',
    detail: '5 reviews',
    description: 'Write five product reviews.',
    reward: '€5 voucher',
    icon: icon('document'),
    scaleType: 1,
    totalProgress: 5,
    currency: null,
  },
  {
    key: 'earlyBird',
    name: 'Early bird',
    detail: null,
    description: 'Order during one of our pre-season sales.',
    reward: 'Early access to the next sale',
    // No icon: shown as '?'.
    icon: null,
    scaleType: 0,
    totalProgress: 1,
    currency: null,
  },
];

type AchievementKey = (typeof ACHIEVEMENTS)[number]['key'];

/**
 * [achievement, progress, claimed this many days ago (null: not claimed)]. Progress 'spent' is
 * what the shopper's finished euro orders add up to, in whole euros.
 */
const PROGRESS: Partial<Record<PersonaName, [AchievementKey, number | 'spent', number | null][]>> = {
  emma: [
    ['firstSteps', 1, 1068],
    ['trailRegular', 10, 402],
    ['profilePro', 100, 233],
    ['bigSpender', 1000, 121],
    ['wishfulThinker', 5, 18],
    // Claimable: reached, not claimed yet (one without a reward).
    ['allRounder', 6, null],
    ['giftGiver', 3, null],
    ['greenMiles', 4, null],
    // In progress.
    ['gearCollector', 'spent', null],
    ['trailReady', 60, null],
    ['reviewer', 2, null],
    // Not started.
    ['earlyBird', 0, null],
  ],
  sofia: [
    ['firstSteps', 1, null],
    ['trailRegular', 3, null],
    ['profilePro', 40, null],
    ['wishfulThinker', 2, null],
  ],
  lukas: [
    ['firstSteps', 1, 318],
    ['bigSpender', 720, null],
  ],
};

export async function seedAchievements(db: SeedDb, shopperIds: Record<PersonaName, number>, time: Clock) {
  const createdAt = time.daysAgo(1200);
  await db
    .insertInto('achievements')
    .values(ACHIEVEMENTS.map(({ key: _key, ...a }, index) => ({ ...a, viewOrder: (index + 1) * 10, createdAt })))
    .execute();
  const rows = await db.selectFrom('achievements').select(['id', 'name']).execute();
  const idByName = new Map(rows.map((row) => [row.name, row.id]));
  const idOf = (key: AchievementKey) => {
    const id = idByName.get(ACHIEVEMENTS.find((a) => a.key === key)?.name ?? '');
    if (id === undefined) throw new Error(`demo achievement ${key} was not stored`);
    return id;
  };
  const spentRows = await db
    .selectFrom('orders')
    .select(['shopperId', db.fn.sum<number | string>('totalE4').as('spentE4')])
    .where('status', '=', ORDER_STATUS_FINISHED)
    .where('currency', '=', 'EUR')
    .groupBy('shopperId')
    .execute();
  // PostgreSQL returns sums as text (numeric), SQLite as numbers; whole euros count.
  const spent = new Map(spentRows.map((row) => [row.shopperId, Math.floor(Number(row.spentE4) / fromCents(100))]));
  const progressRows = Object.entries(PROGRESS).flatMap(([persona, entries]) =>
    (entries ?? []).map(([key, progress, claimedDaysAgo]) => {
      const shopperId = shopperIds[persona as PersonaName];
      return {
        shopperId,
        achievementId: idOf(key),
        progress: progress === 'spent' ? (spent.get(shopperId) ?? 0) : progress,
        claimDate: claimedDaysAgo === null ? null : time.daysAgo(claimedDaysAgo),
      };
    }),
  );
  await db.insertInto('shopperAchievements').values(progressRows).execute();
}
