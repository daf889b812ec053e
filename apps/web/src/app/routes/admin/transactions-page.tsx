import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { TransactionsScreen } from '../../../features/transactions/components/transactions-screen';

export function TransactionsPage() {
  return (
    <RequirePermission permission="manage_transactions">
      <TransactionsScreen />
    </RequirePermission>
  );
}
