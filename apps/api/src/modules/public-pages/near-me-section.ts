import { CAMEROON_CITIES, NEAR_RADIUS_DEFAULT_KM } from '@app/shared/near-me';
import { html, type SafeHtml, versionedPath } from './html';

/*
 * 'Près de moi' on the agenda (issue 28 item 1, decision 057): a closed <details> under the
 * filters, the same for every reader (the agenda stays one cached page). Without JavaScript or a
 * session it says what it is and leads to sign-in and Premium; NEAR_ME_SCRIPT, with the web app's
 * token (localStorage `token`, same origin), shows the form and asks `GET /api/events/nearby`,
 * which refuses a freemium account with its own message (403 PREMIUM_REQUIRED).
 */

/** The radii offered, in km (the API takes 1 to 100). */
export const NEAR_ME_RADII = [5, 10, 25, 50, 100] as const;
/** The events shown at once, and added by 'Voir plus'. */
export const NEAR_ME_PAGE_SIZE = 12;

export const NEAR_ME_TEXT = {
  offer: 'Les évènements autour de vous, du plus proche au plus loin : une fonction Premium.',
  signIn: 'Se connecter',
  premium: 'Découvrir Premium',
  searching: 'Recherche…',
  noPosition: 'Position indisponible : choisissez une ville.',
  network: 'Erreur de connexion au serveur',
  more: 'Voir plus',
} as const;

const SIGN_IN_PATH = `/GetStarted?next=${encodeURIComponent('/evenements#pres-de-moi')}`;

export function nearMeSectionHtml(): SafeHtml {
  return html`<details class="near" id="pres-de-moi" data-near>
<summary><span>Près de moi</span> <span class="tag">Premium</span></summary>
<p class="muted">${NEAR_ME_TEXT.offer} <span data-near-signin><a href="${SIGN_IN_PATH}">${NEAR_ME_TEXT.signIn}</a> ·</span> <a href="/mon-compte/premium">${NEAR_ME_TEXT.premium}</a></p>
<form class="filters" data-near-form hidden aria-label="Chercher près de moi">
<div><label for="n-centre">Autour de</label><select id="n-centre" name="city"><option value="">Ma position</option>${Object.entries(
    CAMEROON_CITIES,
  ).map(([key, city]) => html`<option value="${key}">${city.name}</option>`)}</select></div>
<div><label for="n-radius">Distance</label><select id="n-radius" name="radiusKm">${NEAR_ME_RADII.map(
    (km) => html`<option value="${String(km)}"${km === NEAR_RADIUS_DEFAULT_KM ? html` selected` : ''}>${String(km)} km</option>`,
  )}</select></div>
<div><button class="btn" type="submit">Chercher</button></div>
</form>
<p id="near-msg" role="status" aria-live="polite"></p>
<ul class="cards" data-near-results></ul>
<p><button class="btn alt" type="button" data-near-more hidden>${NEAR_ME_TEXT.more}</button></p>
</details>`;
}

/**
 * Everything the visitor sees comes in as text (`textContent`), never as markup; a link is only
 * the API's own `publicPath` (a path of this site).
 */
export const NEAR_ME_SCRIPT = `{
const box = document.querySelector("[data-near]");
let token = null;
try { token = localStorage.getItem("token"); } catch {}
if (box && token) {
  const form = box.querySelector("[data-near-form]"), list = box.querySelector("[data-near-results]");
  const status = document.getElementById("near-msg"), more = box.querySelector("[data-near-more]");
  const T = ${JSON.stringify(NEAR_ME_TEXT)};
  const when = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Douala" });
  const km = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });
  box.querySelector("[data-near-signin]").hidden = true;
  form.hidden = false;
  let query = null, page = 1;
  const say = (text) => { status.textContent = text; };
  const el = (tag, className, text) => { const e = document.createElement(tag); if (className) e.className = className; if (text) e.textContent = text; return e; };
  const card = (event) => {
    const li = el("li", "card"), body = el("div", "b"), title = el("h3"), link = el("a", "", event.title);
    if (String(event.publicPath).startsWith("/")) link.href = event.publicPath;
    title.append(link);
    body.append(title, el("p", "muted", when.format(new Date(event.startDateTime)) + " · " + event.location.city), el("p", "price", "à " + km.format(event.distanceKm) + " km"));
    li.append(body);
    return li;
  };
  const position = () => new Promise((resolve, reject) => {
    if (!navigator.geolocation) { reject(new Error("none")); return; }
    navigator.geolocation.getCurrentPosition((p) => resolve(p.coords), reject, { timeout: 15000, maximumAge: 300000 });
  });
  const load = async () => {
    const params = new URLSearchParams(query);
    params.set("page", String(page));
    params.set("limit", "${NEAR_ME_PAGE_SIZE}");
    let answer;
    try {
      const response = await fetch("/api/events/nearby?" + params, { headers: { authorization: "Bearer " + token, accept: "application/json" } });
      answer = await response.json().catch(() => ({}));
      if (!response.ok) { say(answer.message || T.network); more.hidden = true; return; }
    } catch { say(T.network); return; }
    for (const event of answer.items) list.append(card(event));
    const around = answer.centre.city ? "de " + answer.centre.city : "de votre position";
    say(answer.total === 0
      ? "Aucun évènement à moins de " + answer.radiusKm + " km " + around + "."
      : answer.total + (answer.total > 1 ? " évènements" : " évènement") + " à moins de " + answer.radiusKm + " km " + around);
    more.hidden = list.children.length >= answer.total;
  };
  form.addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    list.replaceChildren();
    more.hidden = true;
    say(T.searching);
    try {
      const city = form.elements.city.value, radiusKm = form.elements.radiusKm.value;
      if (city) query = { city, radiusKm };
      else {
        let coords;
        try { coords = await position(); } catch { say(T.noPosition); return; }
        query = { latitude: coords.latitude.toFixed(5), longitude: coords.longitude.toFixed(5), radiusKm };
      }
      page = 1;
      await load();
    } finally { button.disabled = false; }
  });
  more.addEventListener("click", async () => { more.disabled = true; page += 1; await load(); more.disabled = false; });
}
}`;

/** The script's address, changed with its content (served as immutable). */
export const NEAR_ME_SCRIPT_PATH = versionedPath('/evenements/pres-de-moi.js', NEAR_ME_SCRIPT);
