export const authKeys = {
  session: (id: string) => ['session', id] as const,
  captchaState: () => ['auth', 'captcha-state'] as const,
  checkToken: (jwt: string) => ['auth', 'check', jwt] as const,
  userAuthState: (id: string) => ['auth', 'check-user-auth-state', id] as const,
};
