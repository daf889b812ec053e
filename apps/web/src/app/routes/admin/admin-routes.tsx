export function AdminRoutes() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Back-office</h1>
    </main>
  );
}
