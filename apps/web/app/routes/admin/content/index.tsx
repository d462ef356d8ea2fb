/** `/admin/content` opens its first part, the FAQ. */
import { redirect } from 'react-router';

export const clientLoader = () => redirect('/admin/content/faq');

export default function ContentIndex() {
  return null;
}
