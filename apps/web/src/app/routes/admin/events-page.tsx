export function EventsPage() {
  return <h1 className="text-2xl font-bold">Gestion des Événements</h1>;
}
