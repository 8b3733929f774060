// The Today page answers some posts itself rather than by a redirect: a delete, whose notice
// carries the deleted item's fields for its undo, and a form the server refused, shown with what
// was typed. It then stands at the address it was posted to, and a reload would post again (the
// delete a second time, "no such task"). The address becomes the page's own, so a reload asks for
// the page.
"use strict";
if (location.pathname !== "/today") history.replaceState(null, "", "/today");
