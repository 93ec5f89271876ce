import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { embeddedAnswer, type PageElements, seedFromPage, takeScreenAnswer } from './embedded-answers';
import { accountQuery, localizeQuery, translationsQuery } from './queries';

/** A page holding the given elements' text (the tests run without a DOM). */
const page = (elements: Record<string, string>): PageElements => ({
  getElementById: (id) => (id in elements ? { textContent: elements[id] ?? null, remove: () => {} } : null),
});

describe('the startup answers the server embeds in the page', () => {
  it('reads an answer, null for a signed-out account, and nothing when the page holds none', () => {
    expect(embeddedAnswer('getAccount', page({ 'answer-getAccount': '{"id":7,"firstName":"Emma"}' }))).toEqual({
      id: 7,
      firstName: 'Emma',
    });
    expect(embeddedAnswer('getAccount', page({ 'answer-getAccount': 'null' }))).toBeNull();
    expect(embeddedAnswer('getAccount', page({}))).toBeUndefined();
  });

  it('ignores an unusable answer, so the app asks for it instead', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(embeddedAnswer('getAccount', page({ 'answer-getAccount': '{"id":"7"}' }))).toBeUndefined();
    expect(embeddedAnswer('getTranslations', page({ 'answer-getTranslations': '{oops' }))).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('seeds the queries under their own keys, so startup has nothing to fetch', async () => {
    const queryClient = new QueryClient();
    const fetch = vi.spyOn(globalThis, 'fetch');
    seedFromPage(
      queryClient,
      'nl',
      page({
        'answer-getAccount': '{"id":7}',
        'answer-getTranslations': '[{"key":"ac_Save","translate":"Opslaan"}]',
        'answer-getLocalize': '{"languages":[],"currencies":[],"countries":[],"setting":{"language":"nl"}}',
      }),
    );
    expect(await queryClient.ensureQueryData(accountQuery)).toEqual({ id: 7 });
    expect(await queryClient.ensureQueryData(translationsQuery('nl'))).toEqual([
      { key: 'ac_Save', translate: 'Opslaan' },
    ]);
    expect((await queryClient.ensureQueryData(localizeQuery)).setting.language).toBe('nl');
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });

  it('hands over the answer the orders screen opens with once: a later showing asks the server', () => {
    const elements = new Map([['answer-listOrders', '{"data":[],"meta":{"total":0,"numberPerPage":10}}']]);
    const doc: PageElements = {
      getElementById: (id) =>
        elements.has(id)
          ? {
              textContent: elements.get(id) ?? null,
              remove: () => {
                elements.delete(id);
              },
            }
          : null,
    };
    expect(takeScreenAnswer('listOrders', doc)).toEqual({ data: [], meta: { total: 0, numberPerPage: 10 } });
    expect(takeScreenAnswer('listOrders', doc)).toBeUndefined();
  });
});
