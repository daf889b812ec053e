/**
 * The public pages' header knows whether this browser holds a session (decision 026) without the
 * React runtime and without any request: the web app keeps its session token in localStorage
 * (`token`) on the same origin, so this one inline script, run in the page's <head>
 * before anything is drawn, marks `<html data-session="in">` when a token is there. The stylesheet
 * then shows the links meant for signed-in visitors ('Mon compte') and hides those for the others
 * ('Se connecter'); without JavaScript the signed-out links stay. The token is never read out:
 * only whether there is one.
 *
 * Allowed by its hash in the Content-Security-Policy (security plugin): change the text and the
 * hash follows, since both come from this constant.
 */
export const SESSION_FLAG_SCRIPT =
  'try{localStorage.getItem("token")&&(document.documentElement.dataset.session="in")}catch(e){}';

/** The attribute the script sets on <html>, and its value when a session is there. */
export const SESSION_FLAG_ATTRIBUTE = 'data-session';
export const SESSION_FLAG_SIGNED_IN = 'in';
