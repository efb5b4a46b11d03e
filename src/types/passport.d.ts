// The part of passport's API this service calls; @nestjs/passport drives the rest.
declare module 'passport' {
  interface Passport {
    unuse(name: string): Passport;
  }
  const passport: Passport;
  export default passport;
}
