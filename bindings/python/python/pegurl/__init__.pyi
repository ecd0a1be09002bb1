from pegurl._pegurl import (
    URL as URL,
    URLError as URLError,
    URLSearchParams as URLSearchParams,
    ValidationError as ValidationError,
    check as check,
    is_valid as is_valid,
    url_components as url_components,
)
