/**
 * Durability (DESIGN §5: an acknowledged write survives a crash): signed-in shoppers write
 * addresses, settings and claims over HTTP while the server process is SIGKILLed and restarted
 * several times. Every attempt is logged with its outcome; afterwards the database is read
 * directly and checked by durability-checks.ts: what was acknowledged is there, and whatever is
 * there is whole, with its webhook event written in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  Account,
  Achievement,
  Address,
  LocalizeData,
  Preferences,
  Voucher,
  VoucherClaimResult,
} from '@account/contract';
import { addUnreachableWebhook, openTarget, type TargetDatabase } from './databases.js';
import { checkDurability, type ShopperBefore, type Tally, type WriteAttempt } from './durability-checks.js';
import { firstFew, type Report, sleep } from './report.js';
import { RUN_SERVER_ENV, ServerProcess } from './server-process.js';
import { account, api, call, type Outcome, type Shopper, signInShoppers } from './shoppers.js';

export interface DurabilityOptions {
  database: TargetDatabase;
  /** How many times the server is SIGKILLed under load. */
  kills: number;
  /** Load time between a restart and the next kill; each one is drawn from 0.5–1.5 times this. */
  uptimeMs: number;
  logDir: string;
  /** Shoppers writing at once ('new' signs a new shopper up). */
  subjects?: readonly string[];
}

export const DURABILITY_SUBJECTS = ['demo-emma', 'demo-sofia', 'demo-lukas', 'demo-noah', 'new'] as const;
/** The claim codes of the demo shop's campaigns (see db/seed/vouchers.ts). */
const CLAIM_CODES = ['TRAIL2026', 'PINE5'];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const pause = (outcome: Outcome) => (outcome.kind === 'answered' ? Promise.resolve() : sleep(100));

/** Outcome as the checks read it: only 2xx acknowledges a write; a refused one never reached a server. */
function resultOf(outcome: Outcome): Pick<WriteAttempt, 'result' | 'status'> {
  if (outcome.kind === 'answered') {
    return { result: outcome.status < 300 ? 'acked' : 'rejected', status: outcome.status };
  }
  return { result: outcome.kind === 'refused' ? 'refused' : 'interrupted' };
}

export async function runDurability(options: DurabilityOptions): Promise<Report> {
  const { database } = options;
  mkdirSync(options.logDir, { recursive: true });
  const server = await ServerProcess.create({
    env: { ...database.env, ...RUN_SERVER_ENV },
    logFile: path.join(options.logDir, `durability-${database.kind}.log`),
  });
  const began = performance.now();
  await server.start();

  // A configured endpoint makes every change write its event into the outbox.
  const direct = openTarget(database);
  await addUnreachableWebhook(direct);
  await direct.close();

  const shoppers = await signInShoppers(server.url, options.subjects ?? DURABILITY_SUBJECTS);
  const [first] = shoppers;
  if (!first) throw new Error('no shoppers');
  const preferences = Preferences.parse((await first.browser.request(api('/setting/preferences'))).json());
  const interestIds = preferences.interests.map((i) => i.id);
  const localize = LocalizeData.parse((await first.browser.request(api('/localize'))).json());
  const before = new Map<number, ShopperBefore>();
  for (const shopper of shoppers) {
    const current = await account(shopper);
    before.set(shopper.id, {
      claimedAchievements: new Set(current.achievements.filter((a) => a.claimDate).map((a) => a.achievementId)),
      claimedVouchers: new Set(current.vouchers.filter((v) => v.claimDate).map((v) => v.id)),
      vouchers: new Set(current.vouchers.map((v) => v.id)),
      addressBook: {
        count: current.addresses.length,
        isBilling: current.addresses.some((a) => a.isBilling),
        isShipping: current.addresses.some((a) => a.isShipping),
      },
    });
  }

  const attempts: WriteAttempt[] = [];
  const serverErrors: string[] = [];
  /** Errors the load's streams did not expect; each was recorded and its stream went on. */
  const harnessErrors: string[] = [];
  let reads = 0;
  let seq = 0;
  let stopped = false;
  const runTag = randomBytes(3).toString('hex');

  function log(
    shopper: Shopper,
    attempt: Omit<WriteAttempt, 'seq' | 'shopperId' | 'result' | 'status'>,
    outcome: Outcome,
  ) {
    const entry: WriteAttempt = { seq: seq++, shopperId: shopper.id, ...attempt, ...resultOf(outcome) };
    if (outcome.kind === 'answered' && outcome.status >= 500) {
      serverErrors.push(`${attempt.kind} ${outcome.status} ${outcome.body.slice(0, 120)}`);
    }
    attempts.push(entry);
    return entry;
  }

  /**
   * Runs one stream of the load until the run stops. A stream that meets an error it did not
   * expect starts again rather than ending: the error is recorded (a rule fails on it), and a
   * rejection nobody awaits yet would end the whole process (Node's unhandled rejection).
   */
  async function keepGoing(name: string, stream: () => Promise<void>) {
    while (!stopped) {
      try {
        await stream();
        return;
      } catch (error) {
        harnessErrors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        await sleep(100);
      }
    }
  }

  /** The shopper's account, read until it is answered: a kill may cut the read off. */
  async function accountOf(shopper: Shopper): Promise<Account | null> {
    while (!stopped) {
      const outcome = await call(shopper.browser, api('/shopuser/me'));
      if (outcome.kind === 'answered' && outcome.status === 200) return Account.parse(outcome.json());
      await sleep(100);
    }
    return null;
  }

  /** Numbers the addresses of each shopper across restarts of its stream, so no street repeats. */
  const addressCounts = new Map<number, number>();
  async function addressWriter(shopper: Shopper) {
    while (!stopped) {
      const n = (addressCounts.get(shopper.id) ?? 0) + 1;
      addressCounts.set(shopper.id, n);
      const street = `Durable street ${runTag}-${shopper.id}-${n}`;
      const email = `durable.${shopper.id}.${n}@example.com`;
      const body = {
        AddressType: 0,
        FirstName: 'Dura',
        LastName: 'Bility',
        CompanyName: '',
        VatNumber: '',
        Email: email,
        ConfirmEmail: email,
        Telephone: '+31 612345678',
        ConfirmTelephone: '+31 612345678',
        Country: 'NL',
        Address: street,
        AddressNumber: String((n % 900) + 1),
        AddressNumberSuffix: '',
        ZipCode: '1015 CJ',
        City: 'Amsterdam',
        IsBilling: Math.random() < 0.2,
        IsShipping: Math.random() < 0.2,
      };
      const outcome = await call(shopper.browser, { method: 'POST', url: api('/address'), body });
      const entry = log(shopper, { kind: 'address', value: street, sent: body }, outcome);
      if (entry.result === 'acked' && outcome.kind === 'answered') entry.response = Address.parse(outcome.json());
      await pause(outcome);
    }
  }

  async function settingsWriter(shopper: Shopper) {
    for (let n = 0; !stopped; n++) {
      let outcome: Outcome;
      if (n % 2 === 0) {
        const ids = interestIds.filter(() => Math.random() < 0.5).sort((a, b) => a - b);
        outcome = await call(shopper.browser, {
          method: 'PATCH',
          url: api('/setting/interests'),
          body: { InterestIds: ids },
        });
        log(shopper, { kind: 'interests', value: ids.join(',') }, outcome);
      } else {
        const locale = {
          Country: pick(localize.countries).code,
          Language: pick(localize.languages).code,
          Currency: pick(localize.currencies).currency.iSO4217,
        };
        outcome = await call(shopper.browser, { method: 'PATCH', url: api('/localize'), body: locale });
        log(shopper, { kind: 'localize', value: `${locale.Country}/${locale.Language}/${locale.Currency}` }, outcome);
      }
      await pause(outcome);
    }
  }

  /** Each claim until it is answered (an interrupted one may have happened: 409 then), between reads. */
  async function claimer(shopper: Shopper) {
    const current = await accountOf(shopper);
    if (!current) return;
    const tasks: { kind: WriteAttempt['kind']; value: string; url: string }[] = [
      ...current.achievements
        .filter((a) => a.canClaim && !a.claimDate)
        .map((a) => ({
          kind: 'achievement' as const,
          value: String(a.achievementId),
          url: `/achievement/claim/${a.achievementId}`,
        })),
      ...current.vouchers
        .filter((v) => !v.claimDate && !v.isExpired)
        .map((v) => ({ kind: 'voucher' as const, value: String(v.id), url: `/voucher/claimById/${v.id}` })),
      ...CLAIM_CODES.map((code) => ({ kind: 'voucherCode' as const, value: code, url: `/voucher/claim/${code}` })),
    ];
    for (const task of tasks) {
      await sleep(200 + Math.random() * 800);
      for (;;) {
        if (stopped) return;
        const outcome = await call(shopper.browser, { method: 'POST', url: api(task.url), body: {} });
        const entry = log(shopper, { kind: task.kind, value: task.value }, outcome);
        if (entry.result === 'acked' && outcome.kind === 'answered') {
          entry.response =
            task.kind === 'achievement'
              ? Achievement.parse(outcome.json())
              : task.kind === 'voucher'
                ? VoucherClaimResult.parse(outcome.json())
                : Voucher.parse(outcome.json());
        }
        if (outcome.kind === 'answered') break;
        await pause(outcome);
      }
    }
    while (!stopped) {
      const outcome = await call(shopper.browser, api('/shopuser/me'));
      if (outcome.kind === 'answered') {
        reads++;
        if (outcome.status >= 500) serverErrors.push(`read ${outcome.status} ${outcome.body.slice(0, 120)}`);
      }
      await sleep(outcome.kind === 'answered' ? 50 : 100);
    }
  }

  const workers = shoppers.flatMap((shopper) => [
    keepGoing(`addresses of ${shopper.subject}`, () => addressWriter(shopper)),
    keepGoing(`settings of ${shopper.subject}`, () => settingsWriter(shopper)),
    keepGoing(`claims of ${shopper.subject}`, () => claimer(shopper)),
  ]);
  const loadBegan = performance.now();
  const killedAt: number[] = [];
  for (let kill = 1; kill <= options.kills; kill++) {
    await sleep(options.uptimeMs * (0.5 + Math.random()));
    killedAt.push(attempts.length);
    await server.kill();
    // The last kill ends the load: what it interrupted is checked as it was left.
    if (kill < options.kills) await server.start();
  }
  stopped = true;
  await Promise.all(workers);
  const loadSeconds = (performance.now() - loadBegan) / 1000;

  // The server starts on what the last kill left, and every shopper is still signed in.
  await server.start();
  const signedIn = await Promise.all(
    shoppers.map(async (s) => {
      const me = await call(s.browser, api('/shopuser/me'));
      return me.kind === 'answered' && me.status === 200;
    }),
  );
  const exitCode = await server.stop();

  const checked = openTarget(database);
  try {
    const tally: Tally = { attempts, serverErrors, before, runTag };
    const rules = await checkDurability(checked, tally);
    const count = (result: WriteAttempt['result']) => attempts.filter((a) => a.result === result).length;
    const restarts = server.startMs.slice(1);
    const bounds = [0, ...killedAt];
    const ackedBetweenKills = killedAt.map(
      (end, i) => attempts.slice(bounds[i], end).filter((a) => a.result === 'acked').length,
    );
    return {
      title: `Durability under SIGKILL on ${database.kind}`,
      facts: [
        [
          'shoppers writing at once',
          `${shoppers.length} (${shoppers.map((s) => s.subject).join(', ')}), 3 streams each`,
        ],
        ['load', `${loadSeconds.toFixed(1)} s, ${options.kills} SIGKILLs (after ${killedAt.join(', ')} attempts)`],
        ['writes acknowledged (2xx)', count('acked')],
        ['writes answered otherwise', `${count('rejected')} (claims already made: 409)`],
        ['writes interrupted by a kill', `${count('interrupted')} (may or may not be stored; whole if stored)`],
        ['writes refused (server down)', count('refused')],
        ['reads answered', reads],
        ['restart to ready', restarts.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')],
        ['whole run', `${((performance.now() - began) / 1000).toFixed(1)} s`],
      ],
      rules: [
        ...rules,
        {
          name: 'the load met no error it did not expect (each is recorded, and its stream went on)',
          passed: harnessErrors.length === 0,
          detail: harnessErrors.length === 0 ? '' : firstFew(harnessErrors),
        },
        {
          name: 'the kills fell on a running load: writes were acknowledged before each kill and after each restart',
          passed: ackedBetweenKills.every((n) => n > 0),
          detail: `acknowledged between kills: ${ackedBetweenKills.join(', ')}`,
        },
        {
          name: 'the server never exited on its own, starts on the database the last kill left, sessions survive; SIGTERM exits 0',
          passed: server.crashes === 0 && signedIn.every((ok) => ok) && exitCode === 0,
          detail: `${server.crashes} crashes; GET /shopuser/me answered for ${signedIn.filter(Boolean).length}/${signedIn.length} shoppers; exit code ${exitCode}`,
        },
      ],
    };
  } finally {
    await checked.close();
  }
}
