import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readListParams, useListScreen, withListChanges } from './list-screen';

const choices = { status: ['all', 'active', 'blocked'], reports: ['all', 'reported'] } as const;

describe('list screen state in the URL', () => {
  it('reads the trimmed search, each filter, the page and keeps unknown filter values out', () => {
    const read = (query: string) => readListParams(new URLSearchParams(query), choices);
    expect(read('q=%20awa%20&status=blocked&reports=reported&page=3')).toEqual({
      query: 'awa',
      filters: { status: 'blocked', reports: 'reported' },
      page: 3,
    });
    expect(read('')).toEqual({ query: '', filters: { status: 'all', reports: 'all' }, page: 1 });
    expect(read('status=deleted&page=abc').filters.status).toBe('all');
    expect(read('status=deleted&page=abc').page).toBe(1);
  });

  it('a new search or filter goes back to page 1; a page change keeps the rest', () => {
    const params = new URLSearchParams('q=awa&status=blocked&page=4&id=u1');
    expect(withListChanges(params, { q: 'bella' }).toString()).toBe('q=bella&status=blocked&id=u1');
    expect(withListChanges(params, { status: 'active' }).toString()).toBe('q=awa&status=active&id=u1');
    expect(withListChanges(params, { page: 5 }).toString()).toBe('q=awa&status=blocked&page=5&id=u1');
  });

  it('leaves defaults, an empty search and page 1 out of the URL', () => {
    const params = new URLSearchParams('q=awa&status=blocked&page=4');
    expect(withListChanges(params, { status: 'all' }, { status: 'all' }).toString()).toBe('q=awa');
    expect(withListChanges(params, { q: '' }).toString()).toBe('status=blocked');
    expect(withListChanges(params, { page: 1 }).toString()).toBe('q=awa&status=blocked');
  });

  it('useListScreen opens on what the URL says: search box, query, filters, page and selected row', () => {
    function Probe() {
      const list = useListScreen({ filters: choices });
      return (
        <span>
          {JSON.stringify({ search: list.search, query: list.query, ...list.filters, page: list.page, id: list.selectedId })}
        </span>
      );
    }
    const html = (url: string) =>
      renderToStaticMarkup(
        <MemoryRouter initialEntries={[url]}>
          <Probe />
        </MemoryRouter>,
      ).replaceAll('&quot;', '"');
    expect(html('/admin/users?q=awa&reports=reported&page=2&id=u7')).toContain(
      '{"search":"awa","query":"awa","status":"all","reports":"reported","page":2,"id":"u7"}',
    );
    expect(html('/admin/users')).toContain('{"search":"","query":"","status":"all","reports":"all","page":1,"id":null}');
  });
});
