/**
 * Every route of spec §2, in one table, with its layout:
 * - AUTH (full width, no sidebar/top bar): sign-in pages, /subscriptionplan, /sandbox/inbox;
 * - BARE (no standard layout): /admin/* (its own operator session, outside SessionGate), /canvas-editor;
 * - STANDARD (sidebar, top bar, trial banner): everything else.
 * Every page is lazy so /login loads only what it needs.
 */
import { Box } from '@mantine/core';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page/PageLoader.tsx';
import { loadAreaMessages } from '../lib/i18n.ts';
import { captureSessionFromUrl, useLandingPath } from '../lib/session.ts';
import { setNavigator } from '../lib/session-store.ts';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { RootShell } from './RootShell.tsx';
import { RouteError } from './RouteError.tsx';
import { SessionGate } from './SessionGate.tsx';
import { routes as accessRoutes } from '../features/access/routes.tsx';
import { routes as webhookRoutes } from '../features/webhooks/routes.tsx';
import { adminRoutes } from '../features/admin/routes.tsx';
import { routes as aiPlanRoutes } from '../features/ai-plans/routes.tsx';
import { routes as analyticsRoutes } from '../features/analytics/routes.tsx';
import { routes as assistantRoutes } from '../features/assistant/routes.tsx';
import { routes as apiKeyRoutes } from '../features/api-keys/routes.tsx';
import { routes as auditRoutes } from '../features/audit/routes.tsx';
import { routes as apiDocsRoutes } from '../features/api-docs/routes.tsx';
import { routes as billingRoutes } from '../features/billing/routes.tsx';
import { routes as brandRoutes } from '../features/brands/routes.tsx';
import { routes as campaignRoutes } from '../features/campaigns/routes.tsx';
import { bareRoutes as canvasRoutes } from '../features/canvas/routes.tsx';
import { routes as contentRoutes } from '../features/content/routes.tsx';
import { routes as customerRoutes } from '../features/customers/routes.tsx';
import { routes as dashboardRoutes } from '../features/dashboard/routes.tsx';
import { routes as gatewayRoutes } from '../features/gateway/routes.tsx';
import { routes as messageRoutes } from '../features/messages/routes.tsx';
import { routes as senderRoutes } from '../features/senders/routes.tsx';
import { routes as templateRoutes } from '../features/templates/routes.tsx';
import { routes as teamRoutes } from '../features/team/routes.tsx';

/** Routes that feature folders own (each area declares its own in features/<area>/routes.tsx). */
const featureRoutes: RouteObject[] = [
  ...brandRoutes,
  ...customerRoutes,
  ...contentRoutes,
  ...templateRoutes,
  ...senderRoutes,
  ...gatewayRoutes,
  ...messageRoutes,
  ...aiPlanRoutes,
  ...campaignRoutes,
  ...dashboardRoutes,
  ...analyticsRoutes,
  ...assistantRoutes,
  ...accessRoutes,
  ...webhookRoutes,
  ...teamRoutes,
  ...auditRoutes,
  ...apiKeyRoutes,
  ...apiDocsRoutes,
  ...billingRoutes,
];
const claimed = new Set([...featureRoutes, ...canvasRoutes].map((r) => (r.path ?? '').split('/')[0]).filter(Boolean));

type Lazy = () => Promise<{ Component: ComponentType }>;

function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Lazy {
  return async () => ({ Component: pick(await load()) });
}

/** The shell layouts are lazy too: /login needs neither the sidebar nor the notification bell. */
const layouts = {
  standard: lazyPage(
    async () => (await Promise.all([import('./layouts/StandardLayout.tsx'), loadAreaMessages()]))[0],
    (m) => m.StandardLayout,
  ),
  bare: lazyPage(
    async () => (await Promise.all([import('./layouts/BareLayout.tsx'), loadAreaMessages()]))[0],
    (m) => m.BareLayout,
  ),
};

const pages = {
  login: lazyPage(
    () => import('../features/auth/pages/LoginPage.tsx'),
    (m) => m.LoginPage,
  ),
  register: lazyPage(
    () => import('../features/auth/pages/RegisterPage.tsx'),
    (m) => m.RegisterPage,
  ),
  otpRegister: lazyPage(
    () => import('../features/auth/pages/OtpPages.tsx'),
    (m) => m.OtpRegisterPage,
  ),
  otpLogin: lazyPage(
    () => import('../features/auth/pages/OtpPages.tsx'),
    (m) => m.OtpLoginPage,
  ),
  otpVerify: lazyPage(
    () => import('../features/auth/pages/OtpPages.tsx'),
    (m) => m.OtpVerifyPage,
  ),
  forgot: lazyPage(
    () => import('../features/auth/pages/ForgotPasswordPage.tsx'),
    (m) => m.ForgotPasswordPage,
  ),
  reset: lazyPage(
    () => import('../features/auth/pages/ResetPasswordPage.tsx'),
    (m) => m.ResetPasswordPage,
  ),
  plans: lazyPage(
    () => import('../features/plans/SubscriptionPlanPage.tsx'),
    (m) => m.SubscriptionPlanPage,
  ),
  acceptInvitation: lazyPage(
    () => import('../features/team/AcceptInvitationPage.tsx'),
    (m) => m.AcceptInvitationPage,
  ),
  sandbox: lazyPage(
    () => import('../features/sandbox/SandboxInboxPage.tsx'),
    (m) => m.SandboxInboxPage,
  ),
  userProfile: lazyPage(
    () => import('../features/profile/UserProfilePage.tsx'),
    (m) => m.UserProfilePage,
  ),
  profile: lazyPage(
    () => import('../features/profile/ProfilePage.tsx'),
    (m) => m.ProfilePage,
  ),
  support: lazyPage(
    () => import('../features/support/SupportPage.tsx'),
    (m) => m.SupportPage,
  ),
  area: lazyPage(
    () => import('../features/areas/AreaPage.tsx'),
    (m) => m.AreaPage,
  ),
  notFound: lazyPage(
    () => import('../features/areas/NotFoundPage.tsx'),
    (m) => m.NotFoundPage,
  ),
};

/** Product areas that later issues build; until then each shows an honest empty state. */
const AREAS: [path: string, titleKey: string][] = [
  ['brand', 'nav.brand'],
  ['sender-management', 'nav.senderManagement'],
  ['template', 'nav.template'],
  ['content', 'nav.content'],
  ['customer', 'nav.customer'],
  ['campaign', 'nav.campaign'],
  ['campaignhistory', 'nav.campaignHistory'],
  ['message-history', 'nav.messageHistory'],
  ['dashboard', 'nav.dashboard'],
  ['analytics', 'nav.analytics'],
];

export interface AreaHandle {
  area: string;
}

/** The first paint while the app's first route loads: the page's shape, off the window's edges. */
function BootLoader() {
  return (
    <Box p="lg">
      <PageLoader />
    </Box>
  );
}

function HomeRedirect() {
  return <Navigate to={useLandingPath()} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    HydrateFallback: BootLoader,
    children: [
      { index: true, Component: HomeRedirect },
      {
        Component: AuthLayout,
        children: [
          { path: 'login', lazy: pages.login },
          { path: 'register', lazy: pages.register },
          { path: 'forget-password', lazy: pages.forgot },
          { path: 'reset-password', lazy: pages.reset },
          { path: 'otp-login', lazy: pages.otpLogin },
          { path: 'otp-register', lazy: pages.otpRegister },
          { path: 'otp-verify', lazy: pages.otpVerify },
          { path: 'sandbox/inbox', lazy: pages.sandbox },
          { path: 'accept-invitation', lazy: pages.acceptInvitation },
          { Component: SessionGate, children: [{ path: 'subscriptionplan', lazy: pages.plans }] },
        ],
      },
      // the platform admin area: bare, and outside the tenant's SessionGate (operators have their own session)
      { lazy: layouts.bare, children: adminRoutes },
      {
        Component: SessionGate,
        children: [
          {
            lazy: layouts.bare,
            children: [
              ...canvasRoutes,
              ...(claimed.has('canvas-editor')
                ? []
                : [{ path: 'canvas-editor', handle: { area: 'nav.canvasEditor' } satisfies AreaHandle, lazy: pages.area }]),
            ],
          },
          {
            lazy: layouts.standard,
            children: [
              {
                // Errors inside a page keep the sidebar and top bar.
                errorElement: <RouteError />,
                children: [
                  ...featureRoutes,
                  ...AREAS.filter(([path]) => !claimed.has(path)).map(([path, area]) => ({
                    path: `${path}/*`,
                    handle: { area } satisfies AreaHandle,
                    lazy: pages.area,
                  })),
                  { path: 'support', lazy: pages.support },
                  { path: 'user-profile', lazy: pages.userProfile },
                  { path: 'profile', lazy: pages.profile },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: pages.notFound },
    ],
  },
];

// Before the router reads the address: keep ?token=&user_id= and drop them from the URL (spec §2).
captureSessionFromUrl();

export const router = createBrowserRouter(routes);

setNavigator((to) => {
  void router.navigate(to, { replace: to === '/login' });
});
