import type { BusinessPage } from '@app/shared/business-pages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { usePageParam } from '../../../components/ui/pagination';
import { PagedTable } from '../../../components/ui/paged-table';
import { toast } from '../../../components/ui/toast';
import { formatDate, formatNumber } from '../../../lib/format';
import { Screen } from '../../../components/ui/screen';
import { useT } from '../../../lib/i18n';
import { useBusinessPages } from '../api/get-business-pages';
import { useSetBusinessPageState } from '../api/set-business-page-state';
import { businessPagesMessages } from '../messages';

/** 'Pages BusinessEvents' (spec §2, paged admin tables): the shared pager, the page in `?page=`. */
export function BusinessPagesScreen() {
  const t = useT(businessPagesMessages);
  const [page, setPage] = usePageParam();
  const query = useBusinessPages(page);
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
      <PagedTable<BusinessPage>
        caption={t('caption')}
        query={query}
        page={page}
        onPage={setPage}
        rowKey={(row) => row._id}
        empty={t('empty')}
        columns={[
          { header: t('name'), cell: (row) => <span className="font-medium text-slate-900">{row.name}</span> },
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
    </Screen>
  );
}
