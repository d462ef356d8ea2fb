import { redirect } from 'react-router';

/** Spec §2: any unknown path redirects to the home page. */
export function clientLoader() {
  return redirect('/');
}

export function HydrateFallback() {
  return null;
}

export default function NotFound() {
  return null;
}
