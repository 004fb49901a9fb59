import zxingWasm from "zxing-wasm/reader/zxing_reader.wasm";
import { prepareZXingModule } from "zxing-wasm/reader";

// workerd cannot compile wasm from bytes: hand zxing the module compiled at import time.
prepareZXingModule({
  overrides: {
    instantiateWasm(
      imports: WebAssembly.Imports,
      receive: (instance: WebAssembly.Instance) => void,
    ) {
      void WebAssembly.instantiate(zxingWasm, imports).then(receive);
      return {};
    },
  },
});
