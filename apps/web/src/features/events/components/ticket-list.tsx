import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { eventsMessages } from '../messages';

interface TicketListProps {
  ids: { id: string }[];
  /** The fields of ticket `index` (name, price, quantity, description). */
  renderFields: (index: number) => { name: ReactNode; price: ReactNode; quantity: ReactNode; description: ReactNode };
  onRemove: (index: number) => void;
  onAdd: () => void;
}

/** 'Billets': the first ticket type stays; the others can be removed; '+ Ajouter un type de billet'. */
export function TicketList({ ids, renderFields, onRemove, onAdd }: TicketListProps) {
  const t = useT(eventsMessages);
  return (
    <>
      <ol className="space-y-3">
        {ids.map((field, index) => {
          const fields = renderFields(index);
          return (
            <li key={field.id} className="rounded-lg border border-slate-200 p-3">
              <div className="mb-2 flex items-center justify-between">
                <span className="text-sm font-semibold text-slate-700">{t('ticketLabel', { n: index + 1 })}</span>
                {index > 0 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onRemove(index)}
                    aria-label={t('removeTicket', { n: index + 1 })}
                  >
                    ×
                  </Button>
                ) : null}
              </div>
              <div className="grid gap-3 sm:grid-cols-3">
                {fields.name}
                {fields.price}
                {fields.quantity}
              </div>
              <div className="mt-3">{fields.description}</div>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" size="sm" onClick={onAdd}>
        + {t('addTicket')}
      </Button>
    </>
  );
}
