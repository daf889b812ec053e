import { versionedPath } from './html';

/*
 * Counting promoted cards (issue 30, decision 068) on the server-rendered pages, without a
 * cookie or a third-party script: a card with `data-ad` counts as seen once half of it has been in
 * view for a second, and as clicked when its link is followed. Batched into one beacon each; the
 * server counts each visitor once per campaign and day.
 */
export const ADS_SCRIPT = `(() => {
const cards = document.querySelectorAll("[data-ad]");
if (!cards.length) return;
const send = (url, body) => {
  const data = JSON.stringify(body);
  if (!(navigator.sendBeacon && navigator.sendBeacon(url, new Blob([data], { type: "application/json" })))) {
    fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: data, keepalive: true }).catch(() => {});
  }
};
const seen = new Set(), timers = new Map();
let queued = [], flush = null;
const report = (id) => {
  if (seen.has(id)) return;
  seen.add(id);
  queued.push(id);
  clearTimeout(flush);
  flush = setTimeout(() => { send("/api/ads/impressions", { campaignIds: queued.slice(0, 10) }); queued = []; }, 500);
};
const observer = "IntersectionObserver" in window ? new IntersectionObserver((entries) => {
  for (const entry of entries) {
    const id = entry.target.getAttribute("data-ad");
    if (entry.isIntersecting) timers.set(id, setTimeout(() => report(id), 1000));
    else clearTimeout(timers.get(id));
  }
}, { threshold: 0.5 }) : null;
for (const card of cards) {
  const id = card.getAttribute("data-ad");
  if (observer) observer.observe(card);
  card.addEventListener("click", (event) => {
    if (event.target.closest("a")) send("/api/ads/clicks", { campaignId: id });
  });
}
})();`;

/** The script's address, changed with its content (served as immutable). */
export const ADS_SCRIPT_PATH = versionedPath('/evenements/annonces.js', ADS_SCRIPT);
