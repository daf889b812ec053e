import { type ReactNode, useEffect, useRef } from 'react';

export interface AdminLayoutProps {
  sidebar: ReactNode;
  header: ReactNode;
  breadcrumb: ReactNode;
  footer: ReactNode;
  children: ReactNode;
  /** On a phone the sidebar is a drawer, open or closed. */
  menuOpen: boolean;
  onMenuClose: () => void;
  closeMenuLabel: string;
}

/** The back-office frame: sidebar (a drawer below 1024 px), top bar, breadcrumb, content, footer. */
export function AdminLayout({
  sidebar,
  header,
  breadcrumb,
  footer,
  children,
  menuOpen,
  onMenuClose,
  closeMenuLabel,
}: AdminLayoutProps) {
  const asideRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    // The drawer takes focus when it opens on a phone, and gives it back to the menu button.
    const opener = document.activeElement as HTMLElement | null;
    asideRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onMenuClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (opener?.isConnected && asideRef.current?.contains(document.activeElement)) opener.focus();
    };
  }, [menuOpen, onMenuClose]);

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 lg:flex">
      {menuOpen ? (
        <button
          type="button"
          aria-label={closeMenuLabel}
          onClick={onMenuClose}
          className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden"
        />
      ) : null}
      <aside
        ref={asideRef}
        id="admin-sidebar"
        className={`fixed inset-y-0 left-0 z-40 w-72 overflow-y-auto bg-slate-900 text-slate-100 transition-transform motion-reduce:transition-none lg:sticky lg:top-0 lg:h-dvh lg:w-64 lg:shrink-0 lg:translate-x-0 ${
          menuOpen ? 'translate-x-0' : '-translate-x-full max-lg:invisible'
        }`}
      >
        {sidebar}
      </aside>
      <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
        {header}
        <main id="admin-main" className="flex-1 px-4 py-4 sm:px-6 lg:px-8">
          {breadcrumb}
          {children}
        </main>
        {footer}
      </div>
    </div>
  );
}
