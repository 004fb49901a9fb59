// punycode's ES module build (the package's own `module` entry), imported by path so that no
// bundler mistakes it for Node's deprecated built-in of the same name.
declare module "punycode/punycode.es6.js" {
  export function toASCII(domain: string): string;
  export function toUnicode(domain: string): string;
}
