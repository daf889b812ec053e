import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pageCount, parsePage } from './pagination';
import { type PagedQuery, PagedTable } from './paged-table';

interface Row {
  id: string;
  name: string;
}

const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: `r${index}`, name: `Ligne ${index + 1}` }));

function query(overrides: Partial<PagedQuery<Row>>): PagedQuery<Row> {
  return {
    data: undefined,
    isPending: false,
    isFetching: false,
    isError: false,
    error: null,
    refetch: () => undefined,
    ...overrides,
  };
}

function render(q: PagedQuery<Row>, page = 1) {
  return renderToStaticMarkup(
    <PagedTable
      caption="Lignes"
      columns={[{ header: 'Nom', cell: (row: Row) => row.name }]}
      query={q}
      page={page}
      onPage={() => undefined}
      rowKey={(row) => row.id}
      empty="Aucune page trouvée"
    />,
  );
}

describe('pager', () => {
  it('counts ceil(total / 10) pages, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(25)).toBe(3);
  });

  it('stops at the last page a page number reaches, and says a filter shows the rest (decision 069)', () => {
    expect(pageCount(1_000_000)).toBe(1000);
    expect(pageCount(1_000_000, 25)).toBe(400);
    const capped = render(query({ data: { items: rows(10), total: 1_000_000 } }), 1);
    expect(capped).toContain('Page 1 sur 1000');
    expect(capped).toContain('Seules les 10 000 premières lignes se parcourent page à page');
    const whole = render(query({ data: { items: rows(10), total: 10_000 } }), 1);
    expect(whole).toContain('Page 1 sur 1000');
    expect(whole).not.toContain('Seules les 10 000');
  });

  it('reads a 1-based page from the URL and falls back to 1', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
    // No deeper than a page number reaches (decision 069).
    expect(parsePage('2000')).toBe(1000);
    expect(parsePage('2000', 50)).toBe(200);
  });

  it("shows 'Chargement...' while the first page loads", () => {
    const html = render(query({ isPending: true, isFetching: true }));
    expect(html).toContain('Chargement...');
    expect(html).not.toContain('<table');
  });

  it("shows a failed load in red with 'Réessayer'", () => {
    const html = render(query({ isError: true, error: new Error('Erreur du serveur') }));
    expect(html).toContain('role="alert"');
    expect(html).toContain('text-red-700');
    expect(html).toContain('Erreur du serveur');
    expect(html).toContain('Réessayer');
  });

  it('shows the empty text when there is nothing', () => {
    const html = render(query({ data: { items: [], total: 0 } }));
    expect(html).toContain('Aucune page trouvée');
    expect(html).toContain('Page 1 sur 1');
  });

  it("shows the rows and 'Page X sur N' with first/previous disabled on page 1 only", () => {
    const first = render(query({ data: { items: rows(10), total: 25 } }), 1);
    expect(first).toContain('Ligne 10');
    expect(first).toContain('Page 1 sur 3');
    expect(first).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Première page"/);
    expect(first).not.toMatch(/<button[^>]*disabled=""[^>]*aria-label="Dernière page"/);
    const last = render(query({ data: { items: rows(5), total: 25 } }), 3);
    expect(last).toContain('Page 3 sur 3');
    expect(last).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Dernière page"/);
    expect(last).not.toMatch(/<button[^>]*disabled=""[^>]*aria-label="Première page"/);
  });

  it("keeps the previous rows and says 'Chargement...' while the next page loads", () => {
    const html = render(query({ data: { items: rows(10), total: 25 }, isFetching: true }), 2);
    expect(html).toContain('Ligne 1');
    expect(html).toContain('Chargement...');
  });

  it('shows each row as a card on phones when given one, and the table from md up', () => {
    const html = renderToStaticMarkup(
      <PagedTable
        caption="Lignes"
        columns={[{ header: 'Nom', cell: (row: Row) => row.name }]}
        query={query({ data: { items: rows(2), total: 2 } })}
        page={1}
        onPage={() => undefined}
        rowKey={(row) => row.id}
        empty="Aucune page trouvée"
        card={(row) => <p>Carte {row.name}</p>}
      />,
    );
    expect(html).toMatch(/<ul class="[^"]*md:hidden[^"]*" aria-label="Lignes">/);
    expect(html).toContain('<p>Carte Ligne 2</p>');
    expect(html).toMatch(/<div class="hidden md:block">.*<table/);
  });
});
