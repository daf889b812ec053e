import { pageWindow } from '../../db/page-window';
import { lastReachablePage } from '@app/shared/page-depth';
import { REPORT_REASON_LABELS, REPORT_REASONS } from '@app/shared/community';
import type { Database } from '../../db/client';
import { displayName } from '../../lib/display-name';
import { listComments } from '../community/community.repository';
import { frenchDayTime } from './format';
import { html, type SafeHtml, versionedPath } from './html';

/*
 * The comments and likes of the public event page (issue 25, item 5; decision 028), kept apart
 * from the rest of the page. The HTML is the same for every reader (the page is cached publicly
 * for a minute): the latest comments, escaped, 10 a page with links that work without JavaScript,
 * the like count, and sign-in links for liking, commenting and reporting. A signed-in reader's
 * state (liked or not, the comment form, the report form) is added in the browser by
 * COMMENTS_SCRIPT, never rendered here, so no cache can show one reader's state to another.
 */

/** Comments shown per page of the event page. */
export const COMMENTS_PAGE_SIZE = 10;

export interface CommentsEvent {
  id: string;
  status: 'draft' | 'published' | 'cancelled';
  commentsCount: number;
  likesCount: number;
}

export interface CommentsSectionInput {
  event: CommentsEvent;
  /** The page's path, without query. */
  path: string;
  /** The private event's share token as the page received it (kept in links), else undefined. */
  token: string | undefined;
  page: number;
}

/** The sign-in link that brings the reader back to this page (`next`, checked by the sign-in page). */
export function signInHref(path: string, token: string | undefined): string {
  const back = token ? `${path}?t=${encodeURIComponent(token)}` : path;
  return `/GetStarted?next=${encodeURIComponent(back)}`;
}

function pageHref(path: string, token: string | undefined, page: number): string {
  const params = new URLSearchParams();
  if (token) params.set('t', token);
  if (page > 1) params.set('commentaires', String(page));
  const query = params.size > 0 ? `?${params}` : '';
  return `${path}${query}#commentaires`;
}

/** The section: count of likes and comments, the page of comments, the actions. */
export async function renderCommentsSection(db: Database, input: CommentsSectionInput): Promise<SafeHtml> {
  const { event, path, token } = input;
  // Numbered pages go no deeper than PAGE_DEPTH_MAX comments (decision 069).
  const pages = Math.min(Math.max(1, Math.ceil(event.commentsCount / COMMENTS_PAGE_SIZE)), lastReachablePage(COMMENTS_PAGE_SIZE));
  const page = Math.min(input.page, pages);
  const rows = event.commentsCount > 0 ? await listComments(db, event.id, pageWindow({ page, limit: COMMENTS_PAGE_SIZE })) : [];
  const open = event.status === 'published';
  const signIn = signInHref(path, token);
  const comments = rows.map((row) => {
    const name = displayName({ firstName: row.authorFirstName, lastName: row.authorLastName, username: row.authorUsername });
    return html`<li id="commentaire-${row.comment.id}" data-comment="${row.comment.id}"><p class="who"><strong>${name}</strong> · <time datetime="${row.comment.createdAt.toISOString()}">${frenchDayTime(row.comment.createdAt)}</time></p><p class="txt">${row.comment.text}</p><a class="rep" href="${signIn}" data-report="comment" data-id="${row.comment.id}" aria-label="Signaler le commentaire de ${name}">Signaler</a></li>`;
  });
  return html`<section id="commentaires" class="comments" aria-labelledby="commentaires-titre" data-event="${event.id}"${token ? html` data-share="${token}"` : ''}>
<h2 id="commentaires-titre">Commentaires (<span data-testid="comments-count">${event.commentsCount}</span>)</h2>
<p class="likes"><strong data-testid="likes">${event.likesCount}</strong> J’aime</p>
${
  open
    ? html`<div class="actions"><a class="btn alt" href="${signIn}" data-like data-testid="like-signin">Se connecter pour aimer</a><a class="btn alt" href="${signIn}" data-comment-signin data-testid="comment-signin">Se connecter pour commenter</a></div>
<form class="cform" data-comment-form hidden><label for="commentaire-texte">Votre commentaire</label><textarea id="commentaire-texte" name="text" rows="3" maxlength="2000" required></textarea><button class="btn" type="submit">Publier</button></form>`
    : html`<p class="muted">Les commentaires et les « J’aime » sont fermés : cet évènement a été annulé.</p>`
}
<p id="commentaires-msg" class="muted" role="status"></p>
${
  comments.length > 0
    ? html`<ol class="clist" data-comments>${comments}</ol>`
    : html`<ol class="clist" data-comments></ol><p class="muted" data-no-comment>Aucun commentaire pour le moment.</p>`
}
${
  pages > 1
    ? html`<nav class="pager" aria-label="Pages des commentaires">${page > 1 ? html`<a href="${pageHref(path, token, page - 1)}">Commentaires plus récents</a>` : ''}<span class="muted">Page ${page} sur ${pages}</span>${page < pages ? html`<a href="${pageHref(path, token, page + 1)}" data-testid="more-comments">Voir plus de commentaires</a>` : ''}</nav>`
    : ''
}
<p><a class="rep" href="${signIn}" data-report="event">Signaler cet évènement</a></p>
<div class="rbox" data-report-box hidden><form data-report-form><label for="signalement-motif">Motif du signalement</label><select id="signalement-motif" name="reason">${REPORT_REASONS.map((reason) => html`<option value="${reason}">${REPORT_REASON_LABELS[reason]}</option>`)}</select><label for="signalement-precision">Précision (facultatif)</label><textarea id="signalement-precision" name="details" rows="2" maxlength="1000"></textarea><div class="actions"><button class="btn" type="submit">Envoyer le signalement</button><button class="btn alt" type="button" data-cancel>Annuler</button></div></form><p class="muted" role="status" data-report-msg></p></div>
</section>`;
}

/** The section's styles, added to the page's stylesheet. */
export const COMMENTS_CSS =
  '.clist{list-style:none;padding:0;margin:0;display:grid;gap:12px}.clist li{border:1px solid #e2e8f0;border-radius:8px;padding:8px 12px}' +
  '.clist .who{margin:0;font-size:.9rem;color:#475569}.clist .txt{margin:4px 0;white-space:pre-line;overflow-wrap:anywhere}' +
  '.rep{font-size:.9rem;color:#475569}.cform,.rbox form{display:grid;gap:8px;margin:12px 0}' +
  '.cform textarea,.rbox textarea,.rbox select{width:100%;min-height:44px;padding:8px 10px;border:1px solid #94a3b8;border-radius:8px;font:inherit}' +
  '.cform label,.rbox label{font-weight:600}.cform .btn{justify-self:start}';

/**
 * The island of the comments (an ES module of ~2 KB, decision 028). With the web app's session
 * token (localStorage `token`, as the 'Je participe' island) and once the API accepts it, the
 * sign-in links become the 'J’aime' toggle, the comment form and the report form; without it, or
 * without JavaScript, the links to sign-in stay. Every text from the API goes in as text.
 */
export const COMMENTS_SCRIPT =
  `const s=document.getElementById("commentaires");let k=null;try{k=localStorage.getItem("token")}catch{}` +
  `if(s&&k){const t=s.dataset.share,q=t?"?shareToken="+encodeURIComponent(t):"",b="/api/events/"+s.dataset.event,m=document.getElementById("commentaires-msg");` +
  `const call=async(o,method,url,body)=>{o.textContent="";try{const r=await fetch(url+q,{method,headers:body?{authorization:"Bearer "+k,"content-type":"application/json"}:{authorization:"Bearer "+k},body:body&&JSON.stringify(body)});const j=await r.json().catch(()=>({}));if(method!=="GET"||!r.ok)o.textContent=j.message||"Une erreur est survenue";return r.ok?j:null}catch{o.textContent="Erreur de connexion au serveur";return null}};` +
  `call({},"GET",b+"/like").then(j=>{if(!j)return;const n=s.querySelector("[data-testid=likes]"),L=s.querySelector("[data-like]");` +
  `if(L){const x=document.createElement("button");x.type="button";x.className="btn alt";x.textContent="J’aime";x.dataset.testid="like";let on=false;` +
  `const show=v=>{on=v.liked;x.setAttribute("aria-pressed",String(on));n.textContent=v.likes};show(j);L.replaceWith(x);` +
  `x.onclick=async()=>{x.disabled=true;const v=await call(m,on?"DELETE":"PUT",b+"/like");if(v)show(v);x.disabled=false}}` +
  `const C=s.querySelector("[data-comment-signin]"),F=s.querySelector("[data-comment-form]");if(C&&F){C.remove();F.hidden=false;` +
  `F.onsubmit=async e=>{e.preventDefault();const a=F.elements.text,y=F.querySelector("button");y.disabled=true;const r=await call(m,"POST",b+"/comments",{text:a.value});y.disabled=false;if(!r)return;a.value="";` +
  `const li=document.createElement("li"),p=document.createElement("p"),g=document.createElement("strong"),x=document.createElement("p");p.className="who";x.className="txt";g.textContent=r.comment.author.name;p.append(g," · à l’instant");x.textContent=r.comment.text;li.append(p,x);` +
  `s.querySelector("[data-comments]").prepend(li);s.querySelector("[data-testid=comments-count]").textContent=r.commentsCount;s.querySelector("[data-no-comment]")?.remove()}}` +
  `const B=s.querySelector("[data-report-box]"),R=B.querySelector("form"),o=B.querySelector("[data-report-msg]");let u="";` +
  `for(const a of s.querySelectorAll("[data-report]"))a.onclick=e=>{e.preventDefault();u=a.dataset.report==="event"?b+"/reports":b+"/comments/"+a.dataset.id+"/reports";o.textContent="";R.hidden=false;B.hidden=false;a.after(B);R.elements.reason.focus()};` +
  `R.querySelector("[data-cancel]").onclick=()=>{B.hidden=true};` +
  `R.onsubmit=async e=>{e.preventDefault();const f=R.elements,d=f.details.value.trim(),r=await call(o,"POST",u,d?{reason:f.reason.value,details:d}:{reason:f.reason.value});if(r){R.reset();R.hidden=true}}})}`;

/** The comments script's address, changed with its content (served as immutable). */
export const COMMENTS_SCRIPT_PATH = versionedPath('/evenements/commentaires.js', COMMENTS_SCRIPT);
