import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('register', 'routes/register/route.tsx'),
  route('payment-success', 'routes/payment-success.tsx'),
  route('payment-failure', 'routes/payment-failure.tsx'),
  // Spec §2: any unknown path redirects to /.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
