import { currencyWalk } from "./currency-walk";

currencyWalk("M", "Z");
