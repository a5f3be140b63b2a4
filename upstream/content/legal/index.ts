import { pick, type Localized, type PageHandler } from "../types";
import { PRIVACY_POLICY_HTML, PRIVACY_POLICY_VERSION } from "./privacy-policy";
import { TERMS_OF_USE_HTML, TERMS_OF_USE_VERSION } from "./terms-of-use";
import { TRAVEL_AGENT_GUIDELINES_HTML, TRAVEL_AGENT_GUIDELINES_VERSION } from "./travel-agent-guidelines";

export const POLICY_TYPES = ["terms-of-use", "travel-agent-guidelines", "privacy-policy"] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

type LegalPage = { version: string; html: string; title: Localized };

/** The policies. `version` is the page's `modified` date, which agents accept (policyVersion). */
export const LEGAL_PAGES: Record<PolicyType, LegalPage> = {
  "terms-of-use": {
    version: TERMS_OF_USE_VERSION,
    html: TERMS_OF_USE_HTML,
    title: {
      en_us: "Terms of Use",
      fr_fr: "Conditions d'utilisation",
      de_de: "Nutzungsbedingungen",
      it_it: "Condizioni d'uso",
      es_xn: "Termos de Uso",
      zh_cn: "使用条款",
    },
  },
  "privacy-policy": {
    version: PRIVACY_POLICY_VERSION,
    html: PRIVACY_POLICY_HTML,
    title: {
      en_us: "Privacy Policy",
      fr_fr: "Politique de confidentialité",
      de_de: "Datenschutzerklärung",
      it_it: "Informativa sulla privacy",
      es_xn: "Política de Privacidade",
      zh_cn: "隐私政策",
    },
  },
  "travel-agent-guidelines": {
    version: TRAVEL_AGENT_GUIDELINES_VERSION,
    html: TRAVEL_AGENT_GUIDELINES_HTML,
    title: {
      en_us: "Travel Agent Guidelines",
      fr_fr: "Directives pour les agents de voyages",
      de_de: "Richtlinien für Reisebüros",
      it_it: "Linee guida per gli agenti di viaggio",
      es_xn: "Diretrizes para Agentes de Viagem",
      zh_cn: "旅行代理指南",
    },
  },
};

export const CURRENT_TERMS_OF_USE_VERSION = LEGAL_PAGES["terms-of-use"].version;

function isPolicyType(value: string): value is PolicyType {
  return (POLICY_TYPES as readonly string[]).includes(value);
}

/**
 * `legal/{policyType}`: `{title, modified, html, policyType, htmlLanguage}`. The title is translated;
 * the body is English in every language (`htmlLanguage: "en_us"`).
 */
export const legalPage: PageHandler = ({ locale, extra }) => {
  const [policyType, ...more] = extra;
  if (policyType === undefined || more.length > 0 || !isPolicyType(policyType)) return undefined;
  const page = LEGAL_PAGES[policyType];
  const fields = {
    policyType,
    title: pick(page.title, locale),
    modified: page.version,
    html: page.html,
    htmlLanguage: "en_us",
  };
  return { modified: page.version, items: [fields], fields };
};
