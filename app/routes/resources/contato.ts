import { redirect } from "react-router";

// /contato has SEO texts in the spec but no page of its own: it is the landing's contact section.
export function loader() {
  return redirect("/#contato", 301);
}
