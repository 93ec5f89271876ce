import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from './api';
import { answerStepUps } from './step-up';

const refused = () =>
  new Response(JSON.stringify({ status: 403, code: 'recent_sign_in_required', message: 'Confirm it is you' }), {
    status: 403,
    headers: { 'content-type': 'application/json' },
  });
const accepted = () => new Response(null, { status: 204 });

/** Answers the client's requests in turn; records each request's method and address. */
function serve(...answers: (() => Response)[]) {
  const requests: string[] = [];
  // The client reads the XSRF cookie; these tests run without a DOM.
  vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=token' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push(`${init.method} ${url}`);
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    return answer();
  });
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('issue 44: a call refused for an old sign-in asks the shopper to confirm, then repeats itself', () => {
  it('confirmed: the same call again, and its answer is the call’s', async () => {
    const requests = serve(refused, accepted);
    const asked = vi.fn(async () => true);
    const stop = answerStepUps(asked);
    try {
      await expect(call('removePasskey', { params: { id: 7 } })).resolves.toBeUndefined();
    } finally {
      stop();
    }
    expect(asked).toHaveBeenCalledTimes(1);
    expect(requests).toEqual([
      'DELETE /account/api/v1/security/passkeys/7',
      'DELETE /account/api/v1/security/passkeys/7',
    ]);
  });

  it('cancelled, or refused again after confirming: the refusal is the call’s error, asked about once', async () => {
    serve(refused);
    const stop = answerStepUps(async () => false);
    try {
      await expect(call('removeIdentity', { params: { id: 3 } })).rejects.toMatchObject({ status: 403 });
    } finally {
      stop();
    }
    serve(refused, refused);
    const asked = vi.fn(async () => true);
    const again = answerStepUps(asked);
    try {
      const error = await call('removeIdentity', { params: { id: 3 } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
    } finally {
      again();
    }
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('with nobody to ask (signed-out screens), the refusal is passed on at once', async () => {
    serve(refused);
    await expect(call('removeIdentity', { params: { id: 3 } })).rejects.toMatchObject({ status: 403 });
  });
});
