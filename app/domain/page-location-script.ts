// cleanedLocation (page-location.ts) as the text of a JavaScript function expression (ES5, no helpers), for the
// analytics tag's inline script (worker/analytics.ts). A module of its own, so the app's bundle never carries it.
import { EMAIL_LIKE, PERSONAL_PARAMS } from "./page-location";

/** The same rule as cleanedLocation, as script text. */
export const CLEANED_LOCATION_SCRIPT = `function(h){var u;try{u=new URL(h)}catch(e){return""}var p=${JSON.stringify(PERSONAL_PARAMS)},m=${EMAIL_LIKE.toString()},d=[];u.searchParams.forEach(function(v,k){if(p.indexOf(k)>=0||m.test(v))d.push(k)});for(var i=0;i<d.length;i++)u.searchParams["delete"](d[i]);var f=u.hash;try{f=decodeURIComponent(f)}catch(e){}if(m.test(f))u.hash="";return u.href}`;
