// Workers import .wasm files as compiled modules (Cloudflare's Vite plugin and workerd).
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
