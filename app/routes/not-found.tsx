import { data } from "react-router";

// Any URL no route claims: a real 404 status, rendered by the root error boundary.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
