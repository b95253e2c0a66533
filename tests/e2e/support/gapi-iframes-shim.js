// Test-only stand-in for Google's `gapi.iframes` loader (https://apis.google.com/js/api.js),
// served by tests/e2e/support/google-api.ts only when the real script cannot be downloaded
// (offline test machines). The Firebase JS SDK and the Auth emulator's helper iframe use it
// for one thing: a postMessage channel between the app page and the emulator's iframe that
// relays the popup's sign-in result. This implements that channel and nothing else.
(function () {
  const MARK = '__gapiShim';
  const channels = [];
  // Like gapi, a throwing handler or callback does not break the channel.
  const guarded = (fn, ...args) => {
    try {
      return fn(...args);
    } catch (error) {
      console.warn('gapi stand-in: handler failed', error);
      return undefined;
    }
  };

  class Channel {
    constructor(target) {
      this.target = target;
      this.handlers = new Map();
      this.waiting = new Map();
      this.pending = new Map();
      this.seq = 0;
      this.ready = false;
      this.onReady = [];
      channels.push(this);
    }
    post(message) {
      this.target.postMessage({ ...message, [MARK]: 1 }, '*');
    }
    register(name, handler) {
      this.handlers.set(name, handler);
      const queued = this.waiting.get(name) ?? [];
      this.waiting.delete(name);
      for (const call of queued) this.answer(call);
    }
    answer(call) {
      this.post({
        kind: 'reply',
        id: call.id,
        data: [guarded(this.handlers.get(call.name), call.data)],
      });
    }
    send(name, data, callback) {
      const id = ++this.seq;
      this.pending.set(id, callback ?? (() => {}));
      this.post({ kind: 'call', name, id, data });
    }
    receive(message) {
      if (message.kind === 'ready') {
        this.ready = true;
        for (const fn of this.onReady.splice(0)) fn();
      } else if (message.kind === 'call') {
        if (this.handlers.has(message.name)) this.answer(message);
        else this.waiting.set(message.name, [...(this.waiting.get(message.name) ?? []), message]);
      } else if (message.kind === 'reply') {
        const callback = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (callback) guarded(callback, message.data);
      }
    }
    ping(callback) {
      return new Promise((resolve) => {
        const done = () => {
          callback?.();
          resolve();
        };
        if (this.ready) done();
        else this.onReady.push(done);
      });
    }
    restyle() {
      return Promise.resolve();
    }
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || message[MARK] !== 1) return;
    for (const channel of channels) if (channel.target === event.source) channel.receive(message);
  });

  let parentChannel = null;
  const context = {
    open(options, onOpen) {
      const frame = document.createElement('iframe');
      const { style, ...attributes } = options.attributes ?? {};
      Object.assign(frame.style, style ?? {});
      for (const [name, value] of Object.entries(attributes)) frame.setAttribute(name, value);
      frame.src = options.url;
      (options.where ?? document.body).appendChild(frame);
      return Promise.resolve(onOpen(new Channel(frame.contentWindow)));
    },
    getParentIframe() {
      if (!parentChannel) {
        parentChannel = new Channel(window.parent);
        parentChannel.post({ kind: 'ready' });
      }
      return parentChannel;
    },
  };

  window.gapi = {
    load(_name, options) {
      setTimeout(() => (typeof options === 'function' ? options() : options.callback()), 0);
    },
    iframes: { CROSS_ORIGIN_IFRAMES_FILTER: () => true, getContext: () => context },
  };

  // The SDK names its callback in ?onload=; the emulator's iframe page sets gapi_onload.
  const onload = /[?&]onload=([^&]+)/.exec(document.currentScript?.src ?? '')?.[1];
  setTimeout(() => {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
