export { TranslationRepository } from "./translation.repository.ts";
export {
  TranslationService,
  translationMessages,
  translationsFrom,
  type TranslationsInput,
} from "./translation.service.ts";
