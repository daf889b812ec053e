import { versionedPath } from './html';

/**
 * The event page's only script (an island, decision 011): the copy button, and 'Je participe'
 * for a signed-in visitor. The web app keeps its session token in localStorage (`token`,
 * apps/web/src/lib/session.ts), on the same origin: with it, the sign-in link becomes a toggle
 * button calling the community API; without it (or without JavaScript) the link stays.
 */
export const SHARE_SCRIPT =
  // The page counts its view (one per visitor and day, decision 009) and where it came from
  // (decision 040): `?src=` of a shared link, a referral link, else the page before.
  `{const e=document.querySelector("[data-view]");if(e){let k=null;try{k=localStorage.getItem("token")}catch{}const a=new URLSearchParams(location.search),q=new URLSearchParams(),s=a.get("src")||(a.get("ref")?"referral":"");if(s)q.set("src",s);if(document.referrer)q.set("from",document.referrer);if(e.dataset.share)q.set("shareToken",e.dataset.share);` +
  `fetch("/api/events/"+e.dataset.view+"/views?"+q,{method:"POST",headers:k?{authorization:"Bearer "+k}:{},keepalive:true}).catch(()=>{})}}` +
  `for(const b of document.querySelectorAll("[data-copy]")){b.classList.remove("later");b.addEventListener("click",async()=>{const s=b.querySelector("span")||b;try{await navigator.clipboard.writeText(b.dataset.copy);s.textContent="Lien copié"}catch{prompt("Copiez ce lien :",b.dataset.copy)}})}` +
  `{const p=document.querySelector("[data-participate]");let k=null;try{k=localStorage.getItem("token")}catch{}` +
  `if(p&&k){const s=p.dataset.share,q=s?"?shareToken="+encodeURIComponent(s):"",u="/api/events/"+p.dataset.participate+"/participants",h={authorization:"Bearer "+k},n=document.querySelector("[data-testid=participants]"),l=document.querySelector("[data-places]"),m=document.getElementById("participer-msg");` +
  `const c=(method,url,body)=>fetch(url,{method,headers:body?{...h,"content-type":"application/json"}:h,body:body&&JSON.stringify(body)});` +
  `c("GET",u+"/me"+q).then(async r=>{if(!r.ok)return;let on=(await r.json()).participating;const b=document.createElement("button");b.type="button";b.className="btn";b.textContent="Je participe";b.dataset.testid="participate";` +
  `const show=x=>{on=x.participating;b.setAttribute("aria-pressed",String(on));if(n&&x.participantsCount!==undefined)n.textContent=x.participantsCount;if(l&&x.participantsCount!==undefined){const left=Math.max(0,l.dataset.places-x.participantsCount);l.textContent=left?left+(left>1?" places restantes":" place restante"):"complet"}};show({participating:on});p.replaceWith(b);` +
  `b.addEventListener("click",async()=>{b.disabled=true;m.textContent="";try{const r=await(on?c("DELETE",u+"/me"):c("POST",u,s?{shareToken:s}:{}));const j=await r.json();m.textContent=j.message||"Une erreur est survenue";if(r.ok)show(j)}catch{m.textContent="Erreur de connexion au serveur"}finally{b.disabled=false}})}).catch(()=>{})}}`;

/** The share script's address, changed with its content (served as immutable). */
export const SHARE_SCRIPT_PATH = versionedPath('/evenements/partage.js', SHARE_SCRIPT);
