// The request's CSP nonce, for components that render scripts. Browsers hide it after load, so it is "" there.
import { createContext, useContext } from "react";

const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
