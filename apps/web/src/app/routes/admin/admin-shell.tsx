import { Outlet } from 'react-router';

export function AdminShell() {
  return (
    <main className="p-6">
      <Outlet />
    </main>
  );
}
