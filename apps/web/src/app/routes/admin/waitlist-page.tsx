export function WaitlistPage() {
  return <h1 className="text-2xl font-bold">Waitlist</h1>;
}
