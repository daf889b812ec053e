import type { BusinessPage } from '@app/shared/business-pages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SearchField } from '../../../components/ui/form/search-field';
import { PagedTable } from '../../../components/ui/paged-table';
import { Screen } from '../../../components/ui/screen';
import { toast } from '../../../components/ui/toast';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { useBusinessPages } from '../api/get-business-pages';
import { useSetBusinessPageState } from '../api/set-business-page-state';
import { businessPagesMessages } from '../messages';
import { BusinessPageDetail } from './business-page-detail';

/**
 * 'Pages BusinessEvents' (paged admin tables; decision 030): the search (`?q=`), the
 * shared pager (`?page=`) and, once a page is opened (`?id=`), its detail in the list's place, so a
 * reload or a shared link shows the same thing and Back returns to the list.
 */
export function BusinessPagesScreen() {
  const t = useT(businessPagesMessages);
  const {
    search,
    setSearch,
    query: searched,
    page,
    setPage,
    selectedId,
    select,
    back,
  } = useListScreen({
    rowAttribute: 'data-page-id',
    searchId: 'business-page-search',
  });
  const query = useBusinessPages(page, searched);
  const change = useSetBusinessPageState();

  const toggle = (row: BusinessPage) => {
    const action = row.isActive ? 'deactivate' : 'activate';
    change.mutate(
      { id: row._id, action },
      {
        onSuccess: () => toast.success(t(action === 'activate' ? 'activated' : 'deactivated')),
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <Screen title={t('title')} subtitle={t('subtitle')}>
      {selectedId ? (
        <BusinessPageDetail key={selectedId} id={selectedId} onBack={back} />
      ) : (
        <div className="space-y-3">
          <SearchField
            id="business-page-search"
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={setSearch}
            className="max-w-md"
          />
          <PagedTable<BusinessPage>
            caption={t('caption')}
            query={query}
            page={page}
            onPage={setPage}
            rowKey={(row) => row._id}
            empty={t('empty')}
            columns={[
              {
                header: t('name'),
                cell: (row) => (
                  <button
                    type="button"
                    data-page-id={row._id}
                    onClick={() => select(row._id)}
                    className="text-left font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    {row.name}
                  </button>
                ),
              },
              { header: t('owner'), cell: (row) => row.owner.username ?? t('none') },
              {
                header: t('subscription'),
                cell: (row) => <Badge tone={row.subscription === 'premium' ? 'blue' : 'gray'}>{t(row.subscription)}</Badge>,
              },
              { header: t('eventsCount'), cell: (row) => formatNumber(row.eventsCount), className: 'text-right' },
              {
                header: t('status'),
                cell: (row) => <Badge tone={row.isActive ? 'green' : 'red'}>{row.isActive ? t('active') : t('inactive')}</Badge>,
              },
              { header: t('createdAt'), cell: (row) => formatDate(row.createdAt) },
              {
                header: t('actions'),
                cell: (row) => (
                  <Button
                    size="sm"
                    variant={row.isActive ? 'secondary' : 'success'}
                    disabled={change.isPending && change.variables?.id === row._id}
                    aria-label={t(row.isActive ? 'deactivateFor' : 'activateFor', { name: row.name })}
                    onClick={() => toggle(row)}
                  >
                    {row.isActive ? t('deactivate') : t('activate')}
                  </Button>
                ),
              },
            ]}
          />
        </div>
      )}
    </Screen>
  );
}
