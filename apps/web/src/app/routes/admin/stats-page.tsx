export function StatsPage() {
  return <h1 className="text-2xl font-bold">Stats</h1>;
}
