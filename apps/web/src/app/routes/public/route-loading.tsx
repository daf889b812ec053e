export function RouteLoading() {
  return (
    <p role="status" className="p-6 text-slate-600">
      Chargement...
    </p>
  );
}
