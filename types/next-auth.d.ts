import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface User {
    apiToken: string;
    apiTokenExp: number;
  }
  interface Session {
    apiTokenExp?: number;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    apiToken?: string;
    apiTokenExp?: number;
  }
}
