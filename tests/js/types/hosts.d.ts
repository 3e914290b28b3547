// Globals of the hosts tilepath runs in that neither lib.dom nor @types/node declare: WeChat
// mini-games give a worker script `worker`, and WXWebAssembly (which instantiates a packaged
// file path, not bytes) in place of WebAssembly.
declare var WXWebAssembly: any;
declare var worker: {
  postMessage(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
};
